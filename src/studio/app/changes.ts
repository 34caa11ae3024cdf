/** The studio page's changes (issue 24): what the analyst changed, keyed by the place it is written, and the file
 *  edits they make; and the page's one way to the studio's API. */
import type { Place, Words } from '../fields';
import type { Said } from '../pages';
import type { Edit } from '../workspace';

export type WordsChange = { kind: 'words'; original: Words; english: string; translated: Record<string, string> };
export type LimitChange = { kind: 'limit'; file: string; path: (string | number)[]; original: number | null; value: number | null; unfinished?: true };
/** Edits the server made for an addition (a new partner, a field of its own). */
export type AddedChange = { kind: 'added'; edits: Edit[] };
/** A page's words in one language, or a fee amount: the value at its place. */
export type TextChange = { kind: 'text'; place: Place; original: Said; value: Said; unfinished?: true };
/** A partner setting (variant.json), from the settings form. */
export type SettingChange = { kind: 'setting'; place: Place; original: unknown; value: unknown };
export type Change = WordsChange | LimitChange | AddedChange | TextChange | SettingChange;

export { nameOf } from '../languageNames';
export const keyOf = (file: string, path: (string | number)[]) => `${file}#${JSON.stringify(path)}`;

/** This page among the studio's tabs: the one opened last holds the changes (see server.ts). */
export const TAB = crypto.randomUUID();
/** Said when another tab or window has taken the studio over. */
export const ELSEWHERE = 'studio-elsewhere';

export async function api<T>(path: string, body?: unknown): Promise<{ status: number; data: T }> {
  const headers: Record<string, string> = { 'x-studio-tab': TAB, ...(body === undefined ? {} : { 'content-type': 'application/json' }) };
  const response = await fetch(`/studio-api/${path}`, body === undefined ? { headers } : { method: 'POST', headers, body: JSON.stringify(body) });
  const data = (await response.json()) as T & { elsewhere?: boolean; message?: string };
  if (data.elsewhere) window.dispatchEvent(new CustomEvent(ELSEWHERE, { detail: data.message }));
  return { status: response.status, data };
}

/** The file edits a set of changes makes: each changed English at its place, each translation keyed by the English. */
export function editsOf(changes: Map<string, Change>): Edit[] {
  const edits: Edit[] = [];
  for (const change of changes.values()) {
    if (change.kind === 'added') {
      edits.push(...change.edits);
      continue;
    }
    if (change.kind === 'text') {
      // A value left unfinished (a colour half typed) stays in its field, unbuilt, until it reads as one.
      if (!change.unfinished && JSON.stringify(change.value) !== JSON.stringify(change.original)) edits.push({ ...change.place, value: change.value });
      continue;
    }
    if (change.kind === 'setting') {
      if (change.value !== change.original) edits.push({ ...change.place, value: change.value === '' ? undefined : change.value });
      continue;
    }
    if (change.kind === 'limit') {
      if (!change.unfinished && change.value !== change.original) edits.push({ file: change.file, path: change.path, value: change.value ?? undefined });
      continue;
    }
    const { original, english, translated } = change;
    // Emptied, a text goes (a help text no longer wanted); a field's label and messages the check requires.
    if (english !== original.english) edits.push({ ...original.place, value: english === '' ? undefined : english });
    for (const [lang, said] of Object.entries(translated)) {
      const before = english === original.english ? original.translated[lang] : null;
      if (said.trim() !== '' && said !== before) edits.push({ file: original.translationFile[lang], path: [english], value: said });
    }
  }
  return edits;
}

/** The fields of a form as name → value. */
export const valuesOf = (form: HTMLFormElement): Record<string, string> => Object.fromEntries([...new FormData(form)].map(([k, v]) => [k, String(v)]));

/** Sets a change by its key. */
export type SetChange = (key: string, change: Change) => void;
