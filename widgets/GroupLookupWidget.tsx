/** Group number: looked up when longer than 1 character; an active employer fills the employer name,
 *  stores the number upper-cased and locks the field, with a button to change it. */
import { useEffect, useRef } from 'react';
import type { WidgetProps } from '@rjsf/utils';
import { FilteredInput } from './FilteredInput';
import { widgetContext } from './services';
import { getPath } from '../src/engine/paths';

const LOOKUP_DELAY_MS = 400;

export function GroupLookupWidget(props: WidgetProps) {
  const { ctx, services, path } = widgetContext(props);
  const namePath = (props.options.nameField as string | undefined) ?? path.replace(/[^.]+$/, 'name');
  const value = typeof props.value === 'string' ? props.value : '';
  const name = getPath(ctx.formData, namePath);
  const locked = typeof name === 'string' && name.length > 0;
  const latest = useRef(0);
  const inputRef = useRef<HTMLInputElement | null>(null);

  useEffect(() => {
    if (locked || value.length <= 1) {
      ctx.setPending(path, false);
      return;
    }
    const ticket = ++latest.current;
    ctx.setPending(path, true);
    const timer = setTimeout(() => {
      services
        .lookupEmployer(value)
        .then((employer) => {
          if (ticket !== latest.current) return;
          if (employer.employerStatus.toLowerCase() === 'active') {
            ctx.setFieldError(path, null);
            // Both through the engine, in one order: the field's own onChange would race the name.
            ctx.setFieldValue(path, value.toUpperCase());
            ctx.setFieldValue(namePath, employer.name);
          } else ctx.setFieldError(path, services.messages.groupNotFound);
        })
        .catch((e: Error) => {
          if (ticket !== latest.current) return;
          if (/network error/i.test(e.message)) services.reportError(e.message);
          ctx.setFieldError(path, services.messages.groupNotFound);
        })
        .finally(() => ticket === latest.current && ctx.setPending(path, false));
    }, LOOKUP_DELAY_MS);
    return () => clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [value, locked]);

  return (
    <div className="group-lookup">
      <FilteredInput
        {...props}
        readonly={locked || props.readonly}
        onChange={(v) => {
          ctx.setFieldError(path, null);
          props.onChange(v);
        }}
        inputRef={inputRef}
      />
      {locked && (
        <button
          type="button"
          className="link-button"
          aria-describedby={props.id}
          onClick={() => {
            ctx.setFieldValue(namePath, undefined);
            inputRef.current?.focus();
          }}
        >
          {(props.options.changeLabel as string | undefined) ?? 'Change group number'}
        </button>
      )}
    </div>
  );
}
