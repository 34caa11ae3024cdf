/** Self-hosted proof-of-work captcha (ALTCHA). Appears after a delay; its value is true only once the server
 *  has accepted the solution; expiry resets the widget and clears the value. */
import { createElement, useEffect, useEffectEvent, useState } from 'react';
import type { WidgetProps } from '@rjsf/utils';
import { useWidgetContext } from './services';
import { CHUNK_FAILED, withTimeout } from '../src/engine/loading';
import { loadAltcha } from './loadAltcha';

interface AltchaElement extends HTMLElement {
  reset?: (state?: string) => void;
}

/** Registers the step's captcha words with ALTCHA (its i18n store) under the page's language, and names it. */
function captchaLanguage(strings: unknown): string {
  const language = document.documentElement.lang || 'en';
  const altcha = (globalThis as { $altcha?: { i18n?: { set: (name: string, value: Record<string, string>) => void } } }).$altcha;
  if (strings && typeof strings === 'object') altcha?.i18n?.set(language, strings as Record<string, string>);
  return language;
}

export function CaptchaWidget(props: WidgetProps) {
  const { services, ctx, path, messages } = useWidgetContext(props);
  const delay = typeof props.options.delayMs === 'number' ? props.options.delayMs : 2000;
  const [shown, setShown] = useState(delay === 0);
  // The widget's code loads on demand: a load that fails or takes over 120 seconds says so, with a retry.
  const [loadFailed, setLoadFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  // The altcha element once it is in the page (a callback ref), so its listener follows it.
  const [altcha, setAltcha] = useState<AltchaElement | null>(null);

  useEffect(() => {
    let live = true;
    const timer = setTimeout(
      () => {
        withTimeout(loadAltcha).then(
          () => live && setShown(true),
          () => live && setLoadFailed(true),
        );
      },
      attempt === 0 ? delay : 0,
    );
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [delay, attempt]);

  // What a state of the widget does, with the props and services of the moment it happens (not those of the render
  // that showed the widget).
  const onState = useEffectEvent((el: AltchaElement, state: string, payload: string | undefined) => {
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
  });

  useEffect(() => {
    if (!altcha) return;
    const listener = (ev: Event) => {
      const { state, payload } = (ev as CustomEvent<{ state: string; payload?: string }>).detail;
      onState(altcha, state, payload);
    };
    altcha.addEventListener('statechange', listener);
    return () => altcha.removeEventListener('statechange', listener);
  }, [altcha]);

  if (loadFailed) {
    return (
      <div className="captcha" id={props.id} tabIndex={-1}>
        <div className="alert danger" role="alert">
          <p>{messages.loadFailed ?? CHUNK_FAILED}</p>
          <button
            type="button"
            className="button secondary"
            onClick={(e) => {
              // The button goes away: keep the keyboard user's place on the captcha's box.
              (e.currentTarget.closest('.captcha') as HTMLElement | null)?.focus();
              setLoadFailed(false);
              setAttempt((a) => a + 1);
            }}
          >
            {messages.retry ?? ctx.words.tryAgain}
          </button>
        </div>
      </div>
    );
  }
  return (
    <div className="captcha" id={props.id} tabIndex={-1} aria-busy={!shown}>
      {shown
        ? createElement('altcha-widget', {
            ref: setAltcha,
            challenge: services.captchaChallengeUrl,
            name: 'altcha',
            // Its own words are the step's (ui:options.strings, in the page's language), registered as ALTCHA's language.
            configuration: JSON.stringify({ hideLogo: true, hideFooter: true, language: captchaLanguage(props.options.strings) }),
          })
        : null}
    </div>
  );
}
