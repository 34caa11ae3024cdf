/** A field's form data in the studio (src/studio/fieldForm.ts draws the form) and the changes it makes: each text
 *  as { en, es, ... }, each limit and its typed format or pattern by keyword, each message under messages, its review
 *  options under review. */
import type { FieldInfo, Words } from '../fields';
import { keyOf, type Change, type LimitChange, type SettingChange, type TextChange, type WordsChange } from './changes';

type Data = Record<string, unknown>;
type Texts = Record<string, string | undefined>;

/** The field's texts by their path in the form: label, help, messages.<keyword>. */
export const fieldTexts = (field: FieldInfo): [string[], Words][] => [
  ...(field.label ? [[['label'], field.label] as [string[], Words]] : []),
  [['help'], field.help],
  ...field.messages.map((m) => [['messages', m.keyword], m] as [string[], Words]),
];
const at = (data: Data, path: string[]): unknown => path.reduce<unknown>((node, key) => (node && typeof node === 'object' ? (node as Data)[key] : undefined), data);
const withAt = (data: Data, [head, ...rest]: string[], value: unknown): Data => ({ ...data, [head]: rest.length ? withAt((data[head] as Data) ?? {}, rest, value) : value });

/** The form's data: the field as the files have it, with the changes made to it so far. */
export function fieldData(field: FieldInfo, changes: Map<string, Change>): Data {
  let data: Data = {};
  for (const [path, w] of fieldTexts(field)) {
    const change = changes.get(keyOf(w.place.file, w.place.path));
    const english = change?.kind === 'words' ? change.english : w.english;
    const translated = change?.kind === 'words' ? change.translated : w.translated;
    const texts: Texts = { en: english || undefined, ...Object.fromEntries(Object.entries(translated).map(([l, t]) => [l, t || undefined])) };
    data = withAt(data, path, texts);
  }
  for (const { keyword, value, place } of [...field.limits, ...(field.form ? [field.form] : [])]) {
    const change = changes.get(keyOf(place.file, place.path));
    const now = change?.kind === 'limit' ? change.value : change?.kind === 'text' ? change.value : value;
    if (now !== null && now !== '') data[keyword] = now;
  }
  const review = changes.get(keyOf(field.review.place.file, field.review.place.path));
  data.review = { hidden: review?.kind === 'setting' ? review.value === true : field.review.hidden };
  return data;
}

/** A translation is of one English: left as it was while its English is reworded, it is emptied (the check then
 *  asks for it). The same data when nothing was emptied. */
export function staleCleared(field: FieldInfo, data: Data): Data {
  let out = data;
  for (const [path, w] of fieldTexts(field)) {
    const texts = at(out, path) as Texts | undefined;
    if (!texts || (texts.en ?? '') === w.english) continue;
    const stale = Object.keys(w.translated).filter((l) => texts[l] !== undefined && texts[l] === w.translated[l]);
    if (stale.length) out = withAt(out, path, { ...texts, ...Object.fromEntries(stale.map((l) => [l, undefined])) });
  }
  return out;
}

/** The data with each limit a number: typed and not yet taken by the form, a number is still its text. */
export function typed(field: FieldInfo, data: Data): Data {
  const out = { ...data };
  for (const { keyword } of field.limits) if (typeof out[keyword] === 'string') out[keyword] = out[keyword] === '' ? undefined : Number(out[keyword]);
  return out;
}

/** The changes the form's data makes, by key; those under a name the form's check refuses stay unfinished (shown in
 *  the form, not built, not saved). */
export function fieldChanges(field: FieldInfo, shown: Data, refused: ReadonlySet<string>): [string, Change][] {
  const data = typed(field, staleCleared(field, shown));
  const out: [string, Change][] = [];
  for (const [path, w] of fieldTexts(field)) {
    const texts = (at(data, path) ?? {}) as Texts;
    const translated = Object.fromEntries(Object.keys(w.translated).map((l) => [l, texts[l] ?? '']));
    out.push([keyOf(w.place.file, w.place.path), { kind: 'words', original: w, english: texts.en ?? '', translated } satisfies WordsChange]);
  }
  for (const { keyword, value, place } of field.limits) {
    const now = typeof data[keyword] === 'number' ? data[keyword] : null;
    out.push([keyOf(place.file, place.path), { kind: 'limit', file: place.file, path: place.path, original: value, value: now, ...(refused.has(keyword) || Number.isNaN(now) ? { unfinished: true as const } : {}) } satisfies LimitChange]);
  }
  if (field.form) {
    const { keyword, value, place } = field.form;
    const now = String(data[keyword] ?? '');
    // Emptied, a field's format is unfinished too: a field keeps one (the build derives its pattern and limit from it).
    out.push([keyOf(place.file, place.path), { kind: 'text', place, original: value, value: now, ...(refused.has(keyword) || now === '' ? { unfinished: true as const } : {}) } satisfies TextChange]);
  }
  // Unticked, the option goes from the uiSchema rather than stand as false.
  const hidden = (data.review as { hidden?: boolean } | undefined)?.hidden === true;
  out.push([keyOf(field.review.place.file, field.review.place.path), { kind: 'setting', place: field.review.place, original: field.review.hidden || undefined, value: hidden || undefined } satisfies SettingChange]);
  return out;
}
