/** Group number: looked up when longer than 1 character; an active employer fills the employer name,
 *  stores the number upper-cased and locks the field, with a button to change it. */
import { useCallback, useEffect, useEffectEvent } from 'react';
import type { WidgetProps } from '@rjsf/utils';
import { FilteredInput } from './FilteredInput';
import { useWidgetContext } from './services';
import { getPath } from '../src/engine/paths';
import { useFormState, type FormState } from '../src/engine/formContext';

const LOOKUP_DELAY_MS = 400;

export function GroupLookupWidget(props: WidgetProps) {
  const { ctx, services, path } = useWidgetContext(props);
  const namePath = (props.options.nameField as string | undefined) ?? path.replace(/[^.]+$/, 'name');
  const value = typeof props.value === 'string' ? props.value : '';
  const name = useFormState(ctx.state, useCallback((s: FormState) => getPath(s.formData, namePath), [namePath]));
  const locked = typeof name === 'string' && name.length > 0;
  const { setPending, setFieldError, setFieldValue } = ctx;

  // A lookup uses the services of the moment it starts and answers, not those of the render that typed the value;
  // new services are no reason to look up again.
  const lookup = useEffectEvent((id: string) => services.lookupEmployer(id));
  const notFoundMessage = useEffectEvent(() => services.messages.groupNotFound);
  const reportNetworkError = useEffectEvent((message: string) => services.reportError(message));

  useEffect(() => {
    if (locked || value.length <= 1) {
      setPending(path, false);
      return;
    }
    // An answer counts only for the value it was asked for: once the value changes (or the field locks) it is dropped.
    let live = true;
    setPending(path, true);
    const timer = setTimeout(() => {
      lookup(value)
        .then((employer) => {
          if (!live) return;
          if (employer.employerStatus.toLowerCase() === 'active') {
            setFieldError(path, null);
            // Both through the engine, in one order: the field's own onChange would race the name.
            setFieldValue(path, value.toUpperCase());
            setFieldValue(namePath, employer.name);
          } else setFieldError(path, notFoundMessage());
        })
        .catch((e: Error) => {
          if (!live) return;
          if (/network error/i.test(e.message)) reportNetworkError(e.message);
          setFieldError(path, notFoundMessage());
        })
        .finally(() => live && setPending(path, false));
    }, LOOKUP_DELAY_MS);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [value, locked, path, namePath, setPending, setFieldError, setFieldValue]);

  return (
    <div className="group-lookup">
      <FilteredInput
        {...props}
        readonly={locked || props.readonly}
        // Every keystroke reaches the form at once (which lifts a not-found message): a lookup answer counts only for
        // the value it was asked for.
        immediate={() => true}
      />
      {locked && (
        <button
          type="button"
          className="link-button"
          aria-describedby={props.id}
          onClick={() => {
            ctx.setFieldValue(namePath, undefined);
            document.getElementById(props.id)?.focus();
          }}
        >
          {(props.options.changeLabel as string | undefined) ?? ctx.words.changeGroup}
        </button>
      )}
    </div>
  );
}
