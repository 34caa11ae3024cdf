/** Self-hosted proof-of-work captcha (ALTCHA). Appears after a delay; its value is true only once the server
 *  has accepted the solution; expiry resets the widget and clears the value. */
import { createElement, useEffect, useRef, useState } from 'react';
import type { WidgetProps } from '@rjsf/utils';
import { widgetContext } from './services';

interface AltchaElement extends HTMLElement {
  reset?: (state?: string) => void;
}

export function CaptchaWidget(props: WidgetProps) {
  const { services, ctx, path, messages } = widgetContext(props);
  const delay = typeof props.options.delayMs === 'number' ? props.options.delayMs : 2000;
  const [shown, setShown] = useState(delay === 0);
  const ref = useRef<AltchaElement | null>(null);

  useEffect(() => {
    let live = true;
    const timer = setTimeout(() => {
      void import('altcha').then(() => live && setShown(true));
    }, delay);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [delay]);

  useEffect(() => {
    const el = ref.current;
    if (!shown || !el) return;
    const onState = (ev: Event) => {
      const { state, payload } = (ev as CustomEvent<{ state: string; payload?: string }>).detail;
      if (state === 'verified' && payload) {
        services
          .submitCaptcha(payload)
          .then((ok) => {
            props.onChange(ok ? true : undefined);
            ctx.setFieldError(path, ok ? null : (messages.failed ?? null));
            if (!ok) el.reset?.();
          })
          .catch(() => {
            services.reportError('Network error. API is down');
            props.onChange(undefined);
            el.reset?.();
          });
      } else if (state === 'expired') {
        props.onChange(undefined);
        el.reset?.();
      }
    };
    el.addEventListener('statechange', onState);
    return () => el.removeEventListener('statechange', onState);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [shown]);

  return (
    <div className="captcha" id={props.id} tabIndex={-1} aria-busy={!shown}>
      {shown
        ? createElement('altcha-widget', {
            ref,
            challenge: services.captchaChallengeUrl,
            name: 'altcha',
            configuration: JSON.stringify({ hideLogo: true, hideFooter: true }),
          })
        : null}
    </div>
  );
}
