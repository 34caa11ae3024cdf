/** A page's words in the studio (a section of text.json) in every language, and the Schedule of Fees' amounts. */
import type { Place } from '../fields';
import type { FeeAmount, PageText, Said } from '../pages';
import type { Problem } from '../../../scripts/check-config';
import { keyOf, nameOf, type Change, type SetChange } from './changes';
import { Finding } from './Finding';

/** The sections of text.json, as an analyst knows them (a section not named here shows its key). */
export const SECTION_NAMES: Record<string, string> = {
  welcome: 'Welcome page',
  feeSchedule: 'Schedule of Fees',
  site: 'Every page: header and titles',
  footer: 'Every page: footer',
  actions: 'Buttons',
  form: 'Forms: summary and help',
  dialogs: 'Dialogs',
  errors: 'Error pages and banners',
  thankYou: 'Thank-you page',
  notFound: 'Page not found',
  splash: 'Maintenance page',
  vetting: 'Documents page',
};/** The sections the preview draws as a page of their own (the others show around the step). */
export const PAGES_DRAWN = ['welcome', 'feeSchedule'] as const;
/** A page's words in every language (a list as one item per line) and, on the Schedule of Fees, the partner's amounts;
 *  the check's findings beside the words they name. */
export function PageEditor({ section, texts, fees, languages, changes, setChange, problems }: { section: string; texts: PageText[]; fees: FeeAmount[]; languages: string[]; changes: Map<string, Change>; setChange: SetChange; problems: Problem[] }) {
  const valueAt = (place: Place, original: Said): Said => {
    const change = changes.get(keyOf(place.file, place.path));
    return change?.kind === 'text' ? change.value : original;
  };
  const set = (place: Place, original: Said, value: Said) => setChange(keyOf(place.file, place.path), { kind: 'text', place, original, value });
  return (
    <section className="field-editor" aria-labelledby="page-title">
      <h2 id="page-title">{SECTION_NAMES[section] ?? section}</h2>
      {texts.map((text) => {
        const pointer = `/${section}/${text.key}`;
        const found = problems.filter((p) => Object.values(text.places).some((place) => place.file === p.file) && (p.pointer === pointer || p.pointer.startsWith(`${pointer}/`)));
        const findingsId = found.length ? `findings-${section}-${text.key}` : undefined;
        return (
          <fieldset key={text.key} className="words">
            <legend>{text.key}</legend>
            {found.length > 0 && (
              <ul className="findings" id={findingsId}>
                {found.map((p, i) => (
                  <li key={i}>
                    <Finding problem={p} />
                  </li>
                ))}
              </ul>
            )}
            {languages.map((lang) => {
              const place = text.places[lang];
              const original = text.said[lang];
              const value = valueAt(place, original);
              const marked = { 'aria-invalid': findingsId ? true : undefined, 'aria-describedby': findingsId };
              return (
                <label key={lang} lang={lang === 'en' ? undefined : lang}>
                  <span>
                    {nameOf(lang)}
                    {Array.isArray(original) && ' (one item per line)'}
                  </span>
                  {Array.isArray(original) ? (
                    <textarea {...marked} rows={original.length + 1} value={(value as string[]).join('\n')} onChange={(e) => set(place, original, e.currentTarget.value.split('\n').filter((line) => line.trim() !== ''))} />
                  ) : (
                    <input {...marked} value={value as string} onChange={(e) => set(place, original, e.currentTarget.value)} />
                  )}
                </label>
              );
            })}
          </fieldset>
        );
      })}
      {fees.length > 0 && (
        <fieldset className="words">
          <legend>Fee amounts (as the page shows them: 2.50, 3,000)</legend>
          {fees.map((fee) => (
            <label key={fee.key}>
              <span>{fee.key}</span>
              <input inputMode="decimal" value={valueAt(fee.place, fee.value) as string} onChange={(e) => set(fee.place, fee.value, e.currentTarget.value)} />
            </label>
          ))}
        </fieldset>
      )}
    </section>
  );
}
