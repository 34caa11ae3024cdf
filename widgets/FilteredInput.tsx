/** The text input every widget builds on: keystroke filter, formatting, length limit and aria wiring. */
import { useCallback, useLayoutEffect, useMemo, useRef, type FocusEvent, type InputHTMLAttributes } from 'react';
import { ariaDescribedByIds, type WidgetProps } from '@rjsf/utils';
import { useFieldErrors, useFormState, type EngineFormContext, type FormState } from '../src/engine/formContext';
import { filterChars, maskDigits } from './format';
import { ownEvents } from './ownEvents';

export interface FilteredInputProps extends WidgetProps {
  /** Turns the filtered text into the stored value (e.g. adds hyphens). */
  format?: (text: string) => string;
  /** What the input shows; defaults to the value. */
  display?: string;
  inputProps?: InputHTMLAttributes<HTMLInputElement>;
  /** Whether a typed value is reported to the form at once rather than when the field is left: a value a server
   *  check hangs on (a complete SSN, a group number) blocks Next from the keystroke that makes it. */
  immediate?: (value: unknown) => boolean;
}

/** Whether the field shows its errors (it has some, and it was left or Next was pressed); the widget re-renders when
 *  that changes, not with every change of the step. */
export function useShowingErrors(props: WidgetProps): boolean {
  const ctx = props.registry.formContext as EngineFormContext;
  // The same selector from render to render: a new one would make React re-check the store after every render.
  const { id } = props;
  const shown = useFormState(ctx.state, useCallback((s: FormState) => s.submitCount > 0 || s.touched.has(id), [id]));
  return useFieldErrors(ctx.state, id, props.rawErrors).length > 0 && shown;
}

export function FilteredInput(props: FilteredInputProps) {
  const { id, value, required, disabled, readonly, autofocus, onChange, onBlur, onFocus, options, schema, uiSchema, format, display, inputProps, placeholder, immediate } = props;
  const ctx = props.registry.formContext as EngineFormContext | undefined;
  // A field with a mask (schemas/definitions.schema.json x-mask) takes digits and is formatted as it is typed.
  const mask = typeof schema['x-mask'] === 'string' ? schema['x-mask'] : undefined;
  const allowed = (options.allowedChars as string | undefined) ?? (mask ? `[0-9${[...new Set(mask.replace(/9/g, ''))].join('').replace(/[\]\\^-]/g, '\\$&')}]` : undefined);
  const formatText = format ?? (mask ? (t: string) => maskDigits(t, mask) : undefined);
  // One limit drives both the rule and the input's attributes.
  const maxLength = typeof schema.maxLength === 'number' ? schema.maxLength : undefined;
  const minLength = typeof schema.minLength === 'number' ? schema.minLength : undefined;
  const text = display ?? (value == null ? '' : String(value));
  const invalid = useShowingErrors(props);
  // The input keeps what is typed itself (it is not controlled), so a keystroke costs no render: what the form holds
  // is written into it when that changes and nothing typed waits for the form (see EngineFormContext.deferChange).
  const element = useRef<HTMLInputElement | null>(null);
  const waiting = useRef(false);
  // What the input showed after the last change it took, to tell a keystroke from a value put in whole.
  const shown = useRef(text);
  // Drawn, the input shows the form's value; or, on a page the server drew, what was typed before the script took it
  // over, which the form then takes (src/engine/takeover.ts): the first run leaves it be.
  const drawn = useRef(false);
  useLayoutEffect(() => {
    const el = element.current;
    const first = !drawn.current;
    drawn.current = true;
    if (first || !el || waiting.current || el.value === text) return;
    el.value = text;
    shown.current = text;
  }, [text]);
  // What a change of the input's text does (typed, pasted, filled in by the browser, or typed again as the script takes
  // over a page the server drew): the latest props' handler, for the input's own listener below.
  const changed = useRef<(input: HTMLInputElement) => void>(() => undefined);
  // A paste with characters the field does not take (a phone number's brackets and spaces) is filtered before it goes
  // in: the browser would cut it at the input's length limit first, '(202) 555-0199' to '(202) 555-01'. The spaces and
  // line ends copied around a value go too (' jane@example.com' is no valid address). Any other paste is the browser's
  // own (its undo too).
  const pasted = useRef<(input: HTMLInputElement, text: string) => boolean>(() => false);
  useLayoutEffect(() => {
    changed.current = (input) => {
      const filtered = filterChars(input.value, allowed);
      const next = formatText ? formatText(filtered) : filtered;
      const stored = next === '' ? options.emptyValue : next;
      // A keystroke (one character more or fewer) waits for the field to be left; a value put in whole (pasted,
      // filled in by the browser) reaches the form at once, as nothing else is likely to follow it at typing speed.
      const keystroke = Math.abs(input.value.length - shown.current.length) <= 1;
      // The filter and the mask's formatting show at once (a caret moved by them goes to the end, as when typed).
      if (input.value !== next) input.value = next;
      shown.current = next;
      if (!ctx?.deferChange || !keystroke || options.eachKey === true || immediate?.(stored)) {
        ctx?.flushChanges();
        waiting.current = false;
        onChange(stored);
        return;
      }
      // Shown now; the form hears of it when the field is left or Next is pressed (its messages, once typing pauses).
      waiting.current = true;
      ctx.deferChange(id, stored, () => {
        waiting.current = false;
        onChange(stored);
      });
    };
    pasted.current = (input, text) => {
      const filtered = filterChars(text.trim(), allowed);
      if (filtered === text) return false;
      const start = input.selectionStart ?? input.value.length;
      const end = input.selectionEnd ?? start;
      // A mask takes only its own number of digits; any other field, what its limit leaves room for.
      const room = mask || input.maxLength < 0 ? filtered.length : Math.max(0, input.maxLength - (input.value.length - (end - start)));
      input.value = input.value.slice(0, start) + filtered.slice(0, room) + input.value.slice(end);
      changed.current(input);
      return true;
    };
  });
  // A key's events end at the field (ownEvents, with why): React does not handle them again on their way down to it
  // or back up to the page's root, so no key or input handler of React's above a text field hears its keys.
  useLayoutEffect(() => {
    const input = element.current!;
    const paste = (e: ClipboardEvent) => {
      const text = e.clipboardData?.getData('text/plain');
      if (text && pasted.current(input, text)) e.preventDefault();
    };
    input.addEventListener('paste', paste);
    const giveBack = ownEvents(input, {
      input: () => changed.current(input),
      // A value some password managers and extensions put in with a change event alone (React's onChange took both).
      change: () => {
        if (input.value !== shown.current) changed.current(input);
      },
    });
    return () => {
      input.removeEventListener('paste', paste);
      giveBack();
    };
  }, []);
  // The latest props' focus handlers, for the input element kept below.
  const focusHandlers = useRef({ ctx, onBlur, onFocus });
  useLayoutEffect(() => {
    focusHandlers.current = { ctx, onBlur, onFocus };
  });
  // Whether the field shows its errors is set on the input itself, and the element is kept from render to render
  // unless what it is drawn from changed: React sets an input's name and type again at any update of its props, and
  // every field of the step re-renders at a Next with errors (its messages), the field typed in at each pause.
  useLayoutEffect(() => {
    if (invalid) element.current?.setAttribute('aria-invalid', 'true');
    else element.current?.removeAttribute('aria-invalid');
  }, [invalid]);
  const inputMode = (options.inputMode ?? (mask ? 'numeric' : undefined)) as InputHTMLAttributes<HTMLInputElement>['inputMode'];
  const autoComplete = (uiSchema?.['ui:autocomplete'] as string | undefined) ?? 'off';
  return useMemo(
    () => (
      <input
        ref={element}
        id={id}
        name={id}
        type="text"
        className="input"
        defaultValue={text}
        required={required}
        disabled={disabled}
        readOnly={readonly}
        autoFocus={autofocus}
        placeholder={placeholder || undefined}
        maxLength={maxLength}
        minLength={minLength}
        inputMode={inputMode}
        autoComplete={autoComplete}
        aria-required={required || undefined}
        aria-describedby={ariaDescribedByIds(id)}
        onBlur={(e: FocusEvent<HTMLInputElement>) => {
          focusHandlers.current.ctx?.flushChanges();
          focusHandlers.current.onBlur(id, e.target.value);
        }}
        onFocus={(e: FocusEvent<HTMLInputElement>) => focusHandlers.current.onFocus(id, e.target.value)}
        {...inputProps}
      />
    ),
    [id, text, required, disabled, readonly, autofocus, placeholder, maxLength, minLength, inputMode, autoComplete, inputProps],
  );
}
