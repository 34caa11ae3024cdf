/** SSN: typed as 999-99-9999, shown as ******-1234 once left, the real value again on focus.
 *  A complete, unmasked SSN is checked against existing accounts (POSTed in a body, never in a URL); Next waits for
 *  a check that succeeded. */
import { useEffect, useRef, useState } from 'react';
import type { WidgetProps } from '@rjsf/utils';
import { FilteredInput } from './FilteredInput';
import { widgetContext } from './services';
import { maskSsn } from '../src/domain/ssn';

export function SsnWidget(props: WidgetProps) {
  const { ctx, services, path } = widgetContext(props);
  const [focused, setFocused] = useState(false);
  const checked = useRef<string | null>(null);
  // A check that could not be made (network, 5xx) is treated as invalid, with no message (spec section 8): Next stays
  // blocked until a check succeeds. It runs again when the applicant leaves the field or presses 'Try again'.
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const value = typeof props.value === 'string' ? props.value : '';
  // Complete when it has the mask's shape (the schema's pattern, made from x-mask at build time).
  const complete = (v: string) => typeof props.schema.pattern === 'string' && new RegExp(props.schema.pattern).test(v);

  useEffect(() => {
    if (!complete(value) || checked.current === value) return;
    checked.current = value;
    let live = true;
    let done = false;
    setFailed(false);
    ctx.setPending(path, true);
    services
      .verifySsn(value)
      .then((ok) => {
        if (!live) return;
        done = true;
        ctx.setFieldError(path, ok ? null : services.messages.duplicateAccount);
        ctx.setPending(path, false);
      })
      .catch(() => {
        if (!live) return;
        // Stays pending, so Next stays blocked; the next attempt checks this value again.
        checked.current = null;
        setFailed(true);
        services.reportError('Network error');
      });
    return () => {
      live = false;
      // A check cut short (the value changed, or React re-ran the effect) is made again for this value.
      if (!done) checked.current = null;
      ctx.setPending(path, false);
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [value, attempt]);

  useEffect(() => {
    if (!failed || !services.onRetry) return;
    return services.onRetry(() => setAttempt((a) => a + 1));
  }, [failed, services]);

  const display = !focused && complete(value) ? maskSsn(value) : value;
  return (
    <FilteredInput
      {...props}
      display={display}
      onFocus={(id, v) => {
        setFocused(true);
        props.onFocus(id, v);
      }}
      onBlur={(id, v) => {
        setFocused(false);
        if (failed) setAttempt((a) => a + 1);
        props.onBlur(id, v);
      }}
      onChange={(v) => {
        if (v !== value) ctx.setFieldError(path, null);
        props.onChange(v);
      }}
    />
  );
}
