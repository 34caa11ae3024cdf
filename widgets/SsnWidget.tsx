/** SSN: typed as 999-99-9999, shown as ******-1234 once left, the real value again on focus.
 *  A complete, unmasked SSN is checked against existing accounts (POSTed in a body, never in a URL); Next waits for
 *  a check that succeeded. */
import { useEffect, useEffectEvent, useRef, useState } from 'react';
import type { WidgetProps } from '@rjsf/utils';
import { FilteredInput } from './FilteredInput';
import { CheckRefused, useWidgetContext } from './services';
import { maskSsn } from '../src/domain/ssn';

export function SsnWidget(props: WidgetProps) {
  const { ctx, services, path } = useWidgetContext(props);
  const { setPending, setFieldError, messagesFor } = ctx;
  const { id } = props;
  const [focused, setFocused] = useState(false);
  const checked = useRef<string | null>(null);
  // A check that got no answer (network, 5xx, 429) is treated as invalid, with no message (spec section 8): Next
  // stays blocked until a check is answered. It runs again when the applicant leaves the field or presses 'Try
  // again'. A check that was answered is never pending: a refusal shows its message, and Next stays usable.
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const value = typeof props.value === 'string' ? props.value : '';
  // Complete when it has the mask's shape (the schema's pattern, made from x-mask at build time).
  const valueComplete = typeof props.schema.pattern === 'string' && new RegExp(props.schema.pattern).test(value);

  // A check uses the services of the moment it starts and answers, not those of the render that typed the value;
  // new services are no reason to check again.
  const verify = useEffectEvent((ssn: string) => services.verifySsn(ssn));
  const duplicateMessage = useEffectEvent(() => services.messages.duplicateAccount);
  const reportNetworkError = useEffectEvent(() => services.reportError('Network error'));

  // The step's own rules refuse it (e.g. 111-11-1111): they say so at the field, and the server is not asked.
  const checkable = valueComplete && messagesFor(id, value).length === 0;

  useEffect(() => {
    if (!checkable || checked.current === value) return;
    checked.current = value;
    let live = true;
    let done = false;
    setFailed(false);
    setPending(path, true);
    const answered = (message: string | null) => {
      done = true;
      setFieldError(path, message);
      setPending(path, false);
    };
    verify(value)
      .then((ok) => live && answered(ok ? null : duplicateMessage()))
      .catch((e: unknown) => {
        if (!live) return;
        if (e instanceof CheckRefused) return answered(e.message);
        // Stays pending, so Next stays blocked; the next attempt checks this value again.
        checked.current = null;
        setFailed(true);
        reportNetworkError();
      });
    return () => {
      live = false;
      // A check cut short (the value changed, or React re-ran the effect) is made again for this value.
      if (!done) checked.current = null;
      setPending(path, false);
    };
  }, [value, checkable, attempt, path, setPending, setFieldError]);

  useEffect(() => {
    if (!failed || !services.onRetry) return;
    return services.onRetry(() => setAttempt((a) => a + 1));
  }, [failed, services]);

  const display = !focused && valueComplete ? maskSsn(value) : value;
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
      // A complete SSN is checked, and Next waits for the check: it reaches the form with the keystroke that completes it.
      immediate={(v) => typeof v === 'string' && typeof props.schema.pattern === 'string' && new RegExp(props.schema.pattern).test(v)}
    />
  );
}
