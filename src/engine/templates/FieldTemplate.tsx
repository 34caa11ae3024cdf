/** One field: label, input, and its messages (in the page's language), shown once the field was left or Next was
 *  pressed. */
import { useCallback, useContext } from 'react';
import type { FieldTemplateProps } from '@rjsf/utils';
import { FormContextReact, isFieldShown, useFieldErrors, useFormState, type EngineFormContext, type FormState } from '../formContext';
import { InfoTooltip } from './InfoTooltip';

export function FieldTemplate(props: FieldTemplateProps) {
  const { id, label, children, rawErrors, hidden, required, displayLabel, rawHelp, uiSchema, schema, registry } = props;
  // From React's context, as the widgets read it (widgets/services.ts): RJSF keeps its registry while a new one is
  // deep-equal to it, functions aside, so a new language's `translate` reaches the fields this way.
  const ctx = useContext(FormContextReact) ?? (registry.formContext as EngineFormContext);
  // Re-renders when this field's messages are first shown, not when another field is left.
  const show = useFormState(ctx.state, useCallback((s: FormState) => isFieldShown(s, id), [id]));
  const messages = useFieldErrors(ctx.state, id, rawErrors);
  if (hidden) return <div hidden>{children}</div>;
  const errors = show ? [...new Set(messages.map(ctx.translate))] : [];
  const widget = uiSchema?.['ui:widget'];
  const isGroup = widget === 'radio';
  const isObject = schema.type === 'object';
  const errorBlock = errors.length > 0 && (
    <div id={`${id}__error`} className="field-error">
      {errors.map((m) => (
        <p key={m}>{m}</p>
      ))}
    </div>
  );
  const info = uiSchema?.['ui:options']?.info as string | undefined;
  const help = rawHelp ? (
    <p id={`${id}__help`} className="field-help">
      {rawHelp}
    </p>
  ) : null;
  const isCheckbox = widget === 'checkbox' || schema.type === 'boolean';
  const optional = !required && !isObject && !isCheckbox && !schema.readOnly ? <>
      {' '}
      <span className="optional">{ctx.words.optional}</span>
    </> : null;
  if (isObject) return <div className="object-field">{children}{errorBlock}</div>;
  if (isGroup) {
    return (
      <fieldset className={`field radio-group${errors.length ? ' has-error' : ''}`} aria-describedby={errors.length ? `${id}__error` : undefined}>
        <legend>
          {label}
          {optional}
        </legend>
        {help}
        {errorBlock}
        {children}
      </fieldset>
    );
  }
  return (
    <div className={`field${errors.length ? ' has-error' : ''}`}>
      {displayLabel && label && !isCheckbox && (
        <div className="label-row">
          <label htmlFor={id}>
            {label}
            {optional}
          </label>
          {info && <InfoTooltip label={label} text={info} describe={ctx.words.moreInformation} />}
        </div>
      )}
      {help}
      {errorBlock}
      {children}
    </div>
  );
}
