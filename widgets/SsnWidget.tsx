/** SSN: typed as 999-99-9999, shown as ******-1234 once left, the real value again on focus.
 *  A complete, unmasked SSN is checked against existing accounts (POSTed in a body, never in a URL). */
import { useEffect, useRef, useState } from 'react';
import type { WidgetProps } from '@rjsf/utils';
import { FilteredInput } from './FilteredInput';
import { groupDigits } from './format';
import { widgetContext } from './services';
import { maskSsn } from '../src/domain/ssn';

const COMPLETE = /^\d{3}-\d{2}-\d{4}$/;

export function SsnWidget(props: WidgetProps) {
  const { ctx, services, path, messages } = widgetContext(props);
  const [focused, setFocused] = useState(false);
  const checked = useRef<string | null>(null);
  const value = typeof props.value === 'string' ? props.value : '';

  useEffect(() => {
    if (!COMPLETE.test(value) || checked.current === value) return;
    checked.current = value;
    let live = true;
    ctx.setPending(path, true);
    services
      .verifySsn(value)
      .then((ok) => live && ctx.setFieldError(path, ok ? null : (messages.duplicate ?? null)))
      .catch(() => {
        // The server checks again on enroll; a failed check only puts the site in its network-error state.
        if (live) services.reportError('Network error');
      })
      .finally(() => ctx.setPending(path, false));
    return () => {
      live = false;
      ctx.setPending(path, false);
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [value]);

  const display = !focused && COMPLETE.test(value) ? maskSsn(value) : value;
  return (
    <FilteredInput
      {...props}
      options={{ allowedChars: '[0-9-]', inputMode: 'numeric', ...props.options }}
      format={(t) => groupDigits(t, [3, 2, 4])}
      display={display}
      onFocus={(id, v) => {
        setFocused(true);
        props.onFocus(id, v);
      }}
      onBlur={(id, v) => {
        setFocused(false);
        props.onBlur(id, v);
      }}
      onChange={(v) => {
        if (v !== value) ctx.setFieldError(path, null);
        props.onChange(v);
      }}
    />
  );
}
