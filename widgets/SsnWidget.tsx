/** SSN: typed as 999-99-9999, shown as ******-1234 once left, the real value again on focus.
 *  A complete, unmasked SSN is checked against existing accounts (POSTed in a body, never in a URL). */
import { useEffect, useRef, useState } from 'react';
import type { WidgetProps } from '@rjsf/utils';
import { FilteredInput } from './FilteredInput';
import { widgetContext } from './services';
import { maskSsn } from '../src/domain/ssn';

export function SsnWidget(props: WidgetProps) {
  const { ctx, services, path } = widgetContext(props);
  const [focused, setFocused] = useState(false);
  const checked = useRef<string | null>(null);
  const value = typeof props.value === 'string' ? props.value : '';
  // Complete when it has the mask's shape (the schema's pattern, made from x-mask at build time).
  const complete = (v: string) => typeof props.schema.pattern === 'string' && new RegExp(props.schema.pattern).test(v);

  useEffect(() => {
    if (!complete(value) || checked.current === value) return;
    checked.current = value;
    let live = true;
    ctx.setPending(path, true);
    services
      .verifySsn(value)
      .then((ok) => live && ctx.setFieldError(path, ok ? null : services.messages.duplicateAccount))
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
        props.onBlur(id, v);
      }}
      onChange={(v) => {
        if (v !== value) ctx.setFieldError(path, null);
        props.onChange(v);
      }}
    />
  );
}
