/** A step's field in the studio: its label, help text, limits and messages in every language, the check's findings
 *  beside the words they name. */
import type { FieldInfo, Words } from '../fields';
import type { Problem } from '../../../scripts/check-config';
import { keyOf, nameOf, type Change, type LimitChange, type SetChange, type WordsChange } from './changes';
import { Finding } from './Finding';

const KEYWORD_NAMES: Record<string, string> = { required: 'missing', maxLength: 'too long', minLength: 'too short', pattern: 'not in its pattern', format: 'not a valid value', minAge: 'too young', maxAge: 'too old', withinMonths: 'out of range', sameText: 'not the same', const: 'not chosen' };
const LIMIT_NAMES: Record<string, string> = { maxLength: 'Most characters', minLength: 'Fewest characters', minAge: 'Youngest age', maxAge: 'Oldest age', withinMonths: 'Months from today' };

/** A finding names an English text in its words, or in its pointer (escaped as a JSON Pointer). */
export const names = (p: Problem, english: string): boolean => english !== '' && [english, english.replace(/~/g, '~0').replace(/\//g, '~1')].some((said) => `${p.pointer} ${p.problem}`.includes(said));

export const findingsOf = (field: FieldInfo, problems: Problem[], changes: Map<string, Change>): Problem[] => {
  const texts = [field.label, field.help, ...field.messages].filter((w): w is Words => w !== null).map((w) => {
    const change = changes.get(keyOf(w.place.file, w.place.path));
    return change?.kind === 'words' ? change.english : w.english;
  });
  return problems.filter((p) => texts.some((t) => names(p, t)));
};

export function WordsInput({ id, legend, words, change, languages, onChange, invalid }: { id: string; legend: string; words: Words; change: WordsChange | undefined; languages: string[]; onChange: (c: WordsChange) => void; invalid: string | undefined }) {
  const english = change?.english ?? words.english;
  const translated = change?.translated ?? Object.fromEntries(Object.entries(words.translated).map(([l, t]) => [l, t ?? '']));
  return (
    <fieldset className="words">
      <legend>{legend}</legend>
      {languages.map((lang) => (
        <label key={lang} lang={lang === 'en' ? undefined : lang}>
          <span>{nameOf(lang)}</span>
          <input
            id={`${id}-${lang}`}
            value={lang === 'en' ? english : (translated[lang] ?? '')}
            aria-invalid={invalid ? true : undefined}
            aria-describedby={invalid}
            onChange={(e) => {
              const value = e.currentTarget.value;
              // A reworded English needs its own translations: one left as it was translated before is emptied.
              const stale = Object.fromEntries(Object.entries(translated).map(([l, t]) => [l, t === (words.translated[l] ?? '') ? '' : t]));
              onChange({ kind: 'words', original: words, english: lang === 'en' ? value : english, translated: lang === 'en' ? (value === words.english ? translated : stale) : { ...translated, [lang]: value } });
            }}
          />
        </label>
      ))}
    </fieldset>
  );
}

const FORM_NAMES: Record<string, string> = { 'x-mask': 'Typed format: 9 for each digit, with its separators (x-mask)', pattern: 'Pattern, a regular expression (pattern)' };

/** The field's typed format or pattern: written beside its $ref, so this field alone takes it. */
function FormInput({ form, change, setChange }: { form: NonNullable<FieldInfo['form']>; change: Change | undefined; setChange: SetChange }) {
  const value = change?.kind === 'text' ? (change.value as string) : form.value;
  return (
    <label className="limit">
      <span>{FORM_NAMES[form.keyword] ?? form.keyword}</span>
      <input value={value} spellCheck={false} onChange={(e) => setChange(keyOf(form.place.file, form.place.path), { kind: 'text', place: form.place, original: form.value, value: e.currentTarget.value })} />
    </label>
  );
}

export function FieldEditor({ field, languages, changes, setChange, problems }: { field: FieldInfo; languages: string[]; changes: Map<string, Change>; setChange: SetChange; problems: Problem[] }) {
  const found = findingsOf(field, problems, changes);
  const findingsId = found.length ? `findings-${field.path}` : undefined;
  const words = (w: Words) => {
    const change = changes.get(keyOf(w.place.file, w.place.path)) as WordsChange | undefined;
    // Marked when a finding names this text (as it now reads).
    const named = found.some((p) => names(p, change?.english ?? w.english));
    return { words: w, change, invalid: named ? findingsId : undefined, onChange: (c: WordsChange) => setChange(keyOf(w.place.file, w.place.path), c) };
  };
  return (
    <section className="field-editor" aria-labelledby="field-title">
      <h2 id="field-title">{field.path}</h2>
      {found.length > 0 && (
        <div className="findings" id={findingsId}>
          <p>The check found, at this field:</p>
          <ul>
            {found.map((p, i) => (
              <li key={i}>
                <Finding problem={p} />
              </li>
            ))}
          </ul>
        </div>
      )}
      {field.label && <WordsInput id={`label-${field.path}`} legend="Label" languages={languages} {...words(field.label)} />}
      <WordsInput id={`help-${field.path}`} legend="Help text under the label" languages={languages} {...words(field.help)} />
      {field.limits.map((limit) => {
        const key = keyOf(limit.place.file, limit.place.path);
        const change = changes.get(key) as LimitChange | undefined;
        const value = change ? change.value : limit.value;
        return (
          <label key={limit.keyword} className="limit">
            <span>
              {LIMIT_NAMES[limit.keyword] ?? limit.keyword} ({limit.keyword})
            </span>
            <input
              type="number"
              min={0}
              value={value ?? ''}
              onChange={(e) => {
                const raw = e.currentTarget.value;
                setChange(key, { kind: 'limit', file: limit.place.file, path: limit.place.path, original: limit.value, value: raw === '' ? null : Number(raw) });
              }}
            />
          </label>
        );
      })}
      {field.form && <FormInput form={field.form} change={changes.get(keyOf(field.form.place.file, field.form.place.path))} setChange={setChange} />}
      {field.messages.map((m) => (
        <WordsInput key={m.keyword} id={`message-${field.path}-${m.keyword}`} legend={`Message when ${KEYWORD_NAMES[m.keyword] ?? m.keyword} (${m.keyword})`} languages={languages} {...words(m)} />
      ))}
    </section>
  );
}
