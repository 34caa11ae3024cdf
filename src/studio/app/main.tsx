/** The analysts' studio page (issue 24): choose a partner, a step and a field; change its label, limits and messages
 *  in every language; watch the real step follow in the preview at a phone's width or a desktop's; see what the
 *  configuration check finds beside the field it names; read the changes as a diff; save them into the files. */
import { StrictMode, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { createRoot } from 'react-dom/client';
import './studio.css';
import type { FieldInfo, Place, StepInfo, Words } from '../fields';
import type { Colour, FeeAmount, PageText, Said } from '../pages';
import { contrastWithWhite, MIN_CONTRAST } from '../../build/contrast';
import type { SettingsForm } from '../settings';
import { StepForm } from '../../engine/StepForm';
import type { EngineWords } from '../../engine/formContext';
import type { StepModule } from '../../engine/types';
import { widgets } from '../../../widgets';
import type { Edit } from '../workspace';
import type { Problem } from '../../../scripts/check-config';
import type { PreviewRequest } from './preview';

interface Overview {
  languages: string[];
  sections: string[];
  definitions: string[];
  partners: { id: string; fallback: boolean; steps: StepInfo[] }[];
}
type WordsChange = { kind: 'words'; original: Words; english: string; translated: Record<string, string> };
type LimitChange = { kind: 'limit'; file: string; path: (string | number)[]; original: number | null; value: number | null };
/** Edits the server made for an addition (a new partner, a field of its own). */
type AddedChange = { kind: 'added'; edits: Edit[] };
/** A page's words in one language, or a fee amount: the value at its place. */
type TextChange = { kind: 'text'; place: Place; original: Said; value: Said; unfinished?: true };
/** A partner setting (variant.json), from the settings form. */
type SettingChange = { kind: 'setting'; place: Place; original: unknown; value: unknown };
type Change = WordsChange | LimitChange | AddedChange | TextChange | SettingChange;

const LANGUAGE_NAMES: Record<string, string> = { en: 'English', es: 'Español' };
const nameOf = (lang: string) => LANGUAGE_NAMES[lang] ?? lang;
const keyOf = (file: string, path: (string | number)[]) => `${file}#${JSON.stringify(path)}`;
const KEYWORD_NAMES: Record<string, string> = { required: 'missing', maxLength: 'too long', minLength: 'too short', pattern: 'not in its pattern', format: 'not a valid value', minAge: 'too young', maxAge: 'too old', withinMonths: 'out of range', sameText: 'not the same', const: 'not chosen' };
/** The sections of text.json, as an analyst knows them (a section not named here shows its key). */
const SECTION_NAMES: Record<string, string> = {
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
};
/** What each of a partner's colours paints (white text sits on both). */
const COLOUR_NAMES: Record<string, string> = { brand: 'Header and buttons', 'brand-dark': 'Buttons under the pointer' };
const HEX = /^#[0-9a-fA-F]{6}$/;
/** The sections the preview draws as a page of their own (the others show around the step). */
const PAGES_DRAWN = ['welcome', 'feeSchedule'] as const;
const LIMIT_NAMES: Record<string, string> = { maxLength: 'Most characters', minLength: 'Fewest characters', minAge: 'Youngest age', maxAge: 'Oldest age', withinMonths: 'Months from today' };

/** This page among the studio's tabs: the one opened last holds the changes (see server.ts). */
const TAB = crypto.randomUUID();
/** Said when another tab or window has taken the studio over. */
const ELSEWHERE = 'studio-elsewhere';

async function api<T>(path: string, body?: unknown): Promise<{ status: number; data: T }> {
  const headers: Record<string, string> = { 'x-studio-tab': TAB, ...(body === undefined ? {} : { 'content-type': 'application/json' }) };
  const response = await fetch(`/studio-api/${path}`, body === undefined ? { headers } : { method: 'POST', headers, body: JSON.stringify(body) });
  const data = (await response.json()) as T & { elsewhere?: boolean; message?: string };
  if (data.elsewhere) window.dispatchEvent(new CustomEvent(ELSEWHERE, { detail: data.message }));
  return { status: response.status, data };
}

/** The file edits a set of changes makes: each changed English at its place, each translation keyed by the English. */
function editsOf(changes: Map<string, Change>): Edit[] {
  const edits: Edit[] = [];
  for (const change of changes.values()) {
    if (change.kind === 'added') {
      edits.push(...change.edits);
      continue;
    }
    if (change.kind === 'text') {
      // A colour half typed stays in its field, unbuilt, until it reads as one.
      if (!change.unfinished && JSON.stringify(change.value) !== JSON.stringify(change.original)) edits.push({ ...change.place, value: change.value });
      continue;
    }
    if (change.kind === 'setting') {
      if (change.value !== change.original) edits.push({ ...change.place, value: change.value === '' ? undefined : change.value });
      continue;
    }
    if (change.kind === 'limit') {
      if (change.value !== change.original) edits.push({ file: change.file, path: change.path, value: change.value ?? undefined });
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

/** The check's findings that name one of this field's words. */
/** The fields of a form as name → value. */
const valuesOf = (form: HTMLFormElement): Record<string, string> => Object.fromEntries([...new FormData(form)].map(([k, v]) => [k, String(v)]));

/** A new partner, as npm run variant:new makes it (kept here until saved). */
function AddPartner({ onAdded }: { onAdded: (edits: Edit[], name: string) => void }) {
  const [message, setMessage] = useState('');
  return (
    <form
      className="addition"
      aria-labelledby="add-partner"
      onSubmit={(e) => {
        e.preventDefault();
        const v = valuesOf(e.currentTarget);
        void api<{ edits?: Edit[]; message?: string }>('partner', { name: v.name, title: v.title || undefined, phone: v.phone || undefined }).then(({ status, data }) => {
          if (status === 200 && data.edits) {
            setMessage(`Partner ${v.name} added; it is saved with your other changes.`);
            onAdded(data.edits, v.name);
          } else setMessage(data.message ?? 'The partner could not be added.');
        });
      }}
    >
      <h2 id="add-partner">Add a partner</h2>
      <label>
        <span>Name (its host label)</span>
        <input name="name" required pattern="[a-z][a-z0-9\-]{1,30}" />
      </label>
      <label>
        <span>Title</span>
        <input name="title" />
      </label>
      <label>
        <span>Help phone</span>
        <input name="phone" placeholder="1-800-555-0100" />
      </label>
      <button type="submit">Add partner</button>
      <p role="status">{message}</p>
    </form>
  );
}

/** A field of the partner's own on this step, from a shared definition. */
function AddField({ partner, step, languages, definitions, onAdded }: { partner: string; step: string; languages: string[]; definitions: string[]; onAdded: (edits: Edit[]) => void }) {
  const [message, setMessage] = useState('');
  return (
    <form
      className="addition"
      aria-labelledby="add-field"
      onSubmit={(e) => {
        e.preventDefault();
        const v = valuesOf(e.currentTarget);
        const byLanguage = (prefix: string) => Object.fromEntries(languages.map((l) => [l, v[`${prefix}-${l}`] ?? '']));
        void api<{ edits?: Edit[]; message?: string }>('field', { partner, step, name: v.name, definition: v.definition, label: byLanguage('label'), required: v.required === 'on' ? byLanguage('missing') : undefined }).then(({ status, data }) => {
          if (status === 200 && data.edits) {
            setMessage(`Field ${v.name} added to ${partner}.`);
            onAdded(data.edits);
          } else setMessage(data.message ?? 'The field could not be added.');
        });
      }}
    >
      <h2 id="add-field">Add a field of {partner}'s own</h2>
      <label>
        <span>Field name</span>
        <input name="name" required />
      </label>
      <div>
        <label htmlFor="new-field-definition">Rules from the definition</label>
        <select id="new-field-definition" name="definition">
          {definitions.map((d) => (
            <option key={d}>{d}</option>
          ))}
        </select>
      </div>
      <fieldset className="words">
        <legend>Label of the new field</legend>
        {languages.map((l) => (
          <label key={l}>
            <span>{nameOf(l)}</span>
            <input name={`label-${l}`} />
          </label>
        ))}
      </fieldset>
      <label className="check">
        <input type="checkbox" name="required" defaultChecked /> Required
      </label>
      <fieldset className="words">
        <legend>Message when the new field is missing</legend>
        {languages.map((l) => (
          <label key={l}>
            <span>{nameOf(l)}</span>
            <input name={`missing-${l}`} />
          </label>
        ))}
      </fieldset>
      <button type="submit">Add field</button>
      <p role="status">{message}</p>
    </form>
  );
}

/** A finding names an English text in its words, or in its pointer (escaped as a JSON Pointer). */
const names = (p: Problem, english: string): boolean => english !== '' && [english, english.replace(/~/g, '~0').replace(/\//g, '~1')].some((said) => `${p.pointer} ${p.problem}`.includes(said));

const findingsOf = (field: FieldInfo, problems: Problem[], changes: Map<string, Change>): Problem[] => {
  const texts = [field.label, field.help, ...field.messages].filter((w): w is Words => w !== null).map((w) => {
    const change = changes.get(keyOf(w.place.file, w.place.path));
    return change?.kind === 'words' ? change.english : w.english;
  });
  return problems.filter((p) => texts.some((t) => names(p, t)));
};

function WordsInput({ id, legend, words, change, languages, onChange, invalid }: { id: string; legend: string; words: Words; change: WordsChange | undefined; languages: string[]; onChange: (c: WordsChange) => void; invalid: string | undefined }) {
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

function FieldEditor({ field, languages, changes, setChange, problems }: { field: FieldInfo; languages: string[]; changes: Map<string, Change>; setChange: (key: string, c: Change) => void; problems: Problem[] }) {
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
                {p.file}: {p.pointer} {p.problem}. <strong>{p.fix}</strong>
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
      {field.messages.map((m) => (
        <WordsInput key={m.keyword} id={`message-${field.path}-${m.keyword}`} legend={`Message when ${KEYWORD_NAMES[m.keyword] ?? m.keyword} (${m.keyword})`} languages={languages} {...words(m)} />
      ))}
    </section>
  );
}

/** A page's words in every language (a list as one item per line) and, on the Schedule of Fees, the partner's amounts;
 *  the check's findings beside the words they name. */
function PageEditor({ section, texts, fees, languages, changes, setChange, problems }: { section: string; texts: PageText[]; fees: FeeAmount[]; languages: string[]; changes: Map<string, Change>; setChange: (key: string, c: Change) => void; problems: Problem[] }) {
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
                    {p.file}: {p.pointer} {p.problem}. <strong>{p.fix}</strong>
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

type Settings = Record<string, unknown>;
/** The leaves of the settings form (a setting, or a setting of a group such as links): their paths. */
const leaves = (schema: StepModule['schema'], at: string[] = []): string[][] =>
  Object.entries((schema.properties ?? {}) as Record<string, StepModule['schema']>).flatMap(([name, child]) => (child.type === 'object' ? leaves(child, [...at, name]) : [[...at, name]]));
const valueAt = (data: Settings, path: string[]): unknown => path.reduce<unknown>((node, key) => (node && typeof node === 'object' ? (node as Settings)[key] : undefined), data);
const withValue = (data: Settings, [head, ...rest]: string[], value: unknown): Settings => ({ ...data, [head]: rest.length ? withValue((data[head] as Settings) ?? {}, rest, value) : value });

/** The partner's settings, a form drawn by the site's own engine from the settings' schema (src/studio/settings.ts);
 *  'Apply' puts what it holds into the changes, and the preview and the check follow. */
function SettingsEditor({ partner, revision, changes, setChange }: { partner: string; revision: number; changes: Map<string, Change>; setChange: (key: string, c: Change) => void }) {
  const [form, setForm] = useState<{ module: StepModule; data: Settings; file: string; words: EngineWords } | null>(null);
  const [message, setMessage] = useState('');
  useEffect(() => {
    void api<SettingsForm & { words: EngineWords }>(`settings?partner=${encodeURIComponent(partner)}`).then(async ({ status, data }) => {
      if (status !== 200) return;
      const validators = (await import(/* @vite-ignore */ data.module)) as { default: StepModule['validateFns']; schema: StepModule['schema'] };
      setForm({ module: { schema: validators.schema, uiSchema: data.uiSchema, validateFns: validators.default }, data: data.data, file: data.file, words: data.words });
    });
  }, [partner, revision]);
  if (!form) return <p aria-busy="true">Loading the settings…</p>;
  const paths = leaves(form.module.schema);
  // As the changes have them (an applied setting stays applied while the form is drawn again).
  const shown = paths.reduce((data, path) => {
    const change = changes.get(keyOf(form.file, path));
    return change?.kind === 'setting' ? withValue(data, path, change.value) : data;
  }, form.data);
  return (
    <section className="field-editor settings" aria-labelledby="settings-title">
      <h2 id="settings-title">Partner settings</h2>
      <StepForm
        key={`${partner}/${revision}`}
        module={form.module}
        formData={shown}
        widgets={widgets}
        words={form.words}
        onNext={(data) => {
          for (const path of paths) setChange(keyOf(form.file, path), { kind: 'setting', place: { file: form.file, path }, original: valueAt(form.data, path), value: valueAt(data, path) });
          setMessage('Applied: the preview and the check follow. Save writes them.');
        }}
        actions={() => (
          <div className="actions">
            <button type="submit" className="primary">
              Apply
            </button>
          </div>
        )}
      />
      <p role="status">{message}</p>
    </section>
  );
}

/** A new logo for the partner, checked by the server as the build checks it, kept until Save. */
function LogoInput({ partner, onAdded }: { partner: string; onAdded: (edits: Edit[]) => void }) {
  const [message, setMessage] = useState('');
  return (
    <div className="colour">
      <label htmlFor="new-logo">New logo (SVG or PNG, at most 100 KB)</label>
      <input
        id="new-logo"
        type="file"
        accept=".svg,.png,image/svg+xml,image/png"
        aria-describedby="logo-status"
        onChange={(e) => {
          const file = e.currentTarget.files?.[0];
          if (!file) return;
          void file
            .arrayBuffer()
            .then((buffer) => {
              let binary = '';
              for (const byte of new Uint8Array(buffer)) binary += String.fromCharCode(byte);
              return api<{ edits?: Edit[]; message?: string }>('logo', { partner, name: file.name, data: btoa(binary) });
            })
            .then(({ status, data }) => {
              if (status === 200 && data.edits) {
                onAdded(data.edits);
                setMessage(`${file.name} is the logo in the preview; it replaces ${partner}'s on Save.`);
              } else setMessage(data.message ?? 'The logo could not be taken.');
            });
        }}
      />
      <p id="logo-status" role="status">
        {message}
      </p>
    </div>
  );
}

/** The partner's colours, each with its contrast against the white text set on it as the analyst types, and its logo. */
function ColourEditor({ partner, colours, changes, setChange, problems, onLogo }: { partner: string; colours: Colour[]; changes: Map<string, Change>; setChange: (key: string, c: Change) => void; problems: Problem[]; onLogo: (edits: Edit[]) => void }) {
  return (
    <section className="field-editor" aria-labelledby="colours-title">
      <h2 id="colours-title">Colours and logo</h2>
      {colours.map((colour) => {
        const change = changes.get(keyOf(colour.place.file, colour.place.path));
        const value = change?.kind === 'text' ? (change.value as string) : colour.value;
        const set = (next: string) => setChange(keyOf(colour.place.file, colour.place.path), { kind: 'text', place: colour.place, original: colour.value, value: next, ...(HEX.test(next) ? {} : { unfinished: true }) });
        const valid = HEX.test(value);
        const ratio = valid ? contrastWithWhite(value) : 0;
        const found = problems.filter((p) => p.file === colour.place.file && p.pointer === `/${colour.place.path.join('/')}`);
        return (
          <div key={colour.name} className="colour">
            <label htmlFor={`colour-${colour.name}`}>
              {COLOUR_NAMES[colour.name] ?? colour.name} ({colour.name})
            </label>
            <input id={`colour-${colour.name}`} value={value} aria-invalid={!valid || ratio < MIN_CONTRAST ? true : undefined} aria-describedby={`contrast-${colour.name}`} onChange={(e) => set(e.currentTarget.value.trim())} />
            <input type="color" aria-label={`Pick the colour: ${COLOUR_NAMES[colour.name] ?? colour.name}`} value={valid ? value.toLowerCase() : '#000000'} onChange={(e) => set(e.currentTarget.value)} />
            <p id={`contrast-${colour.name}`} className={valid && ratio >= MIN_CONTRAST ? undefined : 'findings'}>
              {!valid
                ? 'Write the colour as # and six hexadecimal digits (#0b4f8a).'
                : `White text on it: ${ratio.toFixed(2)}:1, ${ratio >= MIN_CONTRAST ? `at least ${MIN_CONTRAST}:1, readable.` : `below ${MIN_CONTRAST}:1: choose a darker colour.`}`}
            </p>
            {found.map((p, i) => (
              <p key={i} className="findings">
                {p.file}: {p.pointer} {p.problem}. <strong>{p.fix}</strong>
              </p>
            ))}
          </div>
        );
      })}
      <LogoInput key={partner} partner={partner} onAdded={onLogo} />
    </section>
  );
}

function Studio() {
  const [overview, setOverview] = useState<Overview | null>(null);
  const [partner, setPartner] = useState('');
  const [step, setStep] = useState('');
  const [language, setLanguage] = useState('en');
  const [width, setWidth] = useState<'phone' | 'desktop'>('phone');
  /** The fields of a step, or the words of a page (a section of text.json). */
  const [mode, setMode] = useState<'fields' | 'page' | 'colours' | 'settings'>('fields');
  const [colours, setColours] = useState<Colour[]>([]);
  const [section, setSection] = useState('welcome');
  const [page, setPage] = useState<{ texts: PageText[]; fees: FeeAmount[] }>({ texts: [], fees: [] });
  const [fields, setFields] = useState<FieldInfo[]>([]);
  const [selected, setSelected] = useState('');
  const [changes, setChanges] = useState<Map<string, Change>>(new Map());
  const [build, setBuild] = useState<{ base: string; problems: Problem[]; changed: string[] } | null>(null);
  const [diff, setDiff] = useState<string | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  const [revision, setRevision] = useState(0);
  const preview = useRef<HTMLIFrameElement>(null);
  const [elsewhere, setElsewhere] = useState('');
  useEffect(() => {
    const taken = (e: Event) => setElsewhere(String((e as CustomEvent<string>).detail));
    window.addEventListener(ELSEWHERE, taken);
    return () => window.removeEventListener(ELSEWHERE, taken);
  }, []);

  useEffect(() => {
    void api<Overview>('overview').then(({ data }) => {
      setOverview(data);
      const first = data.partners.find((p) => p.fallback) ?? data.partners[0];
      setPartner(first.id);
      setStep(first.steps[0].id);
    });
  }, []);
  // A partner added here is listed once the studio has built it.
  const [wanted, setWanted] = useState('');
  useEffect(() => {
    if (!wanted || !build) return;
    void api<Overview>('overview').then(({ data }) => {
      const added = data.partners.find((p) => p.id === wanted);
      if (!added) return;
      setOverview(data);
      setPartner(added.id);
      setStep(added.steps[0].id);
      setWanted('');
    });
  }, [wanted, build]);
  const addChange = (edits: Edit[]) => setChange(`added#${crypto.randomUUID()}`, { kind: 'added', edits });
  useEffect(() => {
    if (!partner || !step) return;
    void api<{ fields: FieldInfo[] }>(`fields?partner=${encodeURIComponent(partner)}&step=${encodeURIComponent(step)}`).then(({ data }) => {
      setFields(data.fields);
      setSelected((s) => (data.fields.some((f) => f.path === s) ? s : (data.fields[0]?.path ?? '')));
    });
  }, [partner, step, revision]);
  useEffect(() => {
    if (!partner || mode !== 'page') return;
    void api<{ texts: PageText[]; fees: FeeAmount[] }>(`page?partner=${encodeURIComponent(partner)}&section=${encodeURIComponent(section)}`).then(({ data }) => setPage(data));
  }, [partner, section, mode, revision]);
  useEffect(() => {
    if (!partner || mode !== 'colours') return;
    void api<{ colours: Colour[] }>(`colours?partner=${encodeURIComponent(partner)}`).then(({ data }) => setColours(data.colours));
  }, [partner, mode, revision]);
  const drawnPage = mode === 'page' ? PAGES_DRAWN.find((p) => p === section) : undefined;

  // Each change is built as the build builds it (a moment after the last keystroke), and the preview follows.
  const edits = useMemo(() => editsOf(changes), [changes]);
  useEffect(() => {
    const timer = setTimeout(() => {
      void api<{ base: string; problems: Problem[]; changed: string[] }>('edits', { edits }).then(({ status, data }) => {
        if (status !== 200) return;
        setBuild(data);
        setDiff(null);
      });
    }, 250);
    return () => clearTimeout(timer);
  }, [edits, revision]);
  const show = useCallback(() => {
    if (build && partner && step) preview.current?.contentWindow?.postMessage({ base: build.base, partner, step, language, page: drawnPage } satisfies PreviewRequest, window.location.origin);
  }, [build, partner, step, language, drawnPage]);
  useEffect(show, [show]);
  useEffect(() => {
    const ready = (e: MessageEvent) => e.origin === window.location.origin && (e.data as { previewReady?: boolean })?.previewReady && show();
    window.addEventListener('message', ready);
    return () => window.removeEventListener('message', ready);
  }, [show]);

  const setChange = (key: string, change: Change) => {
    setSaved(null);
    setChanges((m) => new Map(m).set(key, change));
  };
  const save = async () => {
    const { status, data } = await api<{ saved?: string[]; problems?: Problem[]; message?: string }>('save', {});
    if (status === 200) {
      setSaved(`Saved: ${data.saved?.join(', ') || 'nothing had changed'}.`);
      setChanges(new Map());
      setRevision((r) => r + 1);
    } else setSaved(data.message ?? 'Nothing was saved.');
  };

  if (!overview) return <p aria-busy="true">Loading the studio…</p>;
  const steps = overview.partners.find((p) => p.id === partner)?.steps ?? [];
  const field = fields.find((f) => f.path === selected);
  const problems = build?.problems ?? [];
  return (
    <>
      <header className="studio-header">
        <h1>Studio: HSA enrollment</h1>
        <p>Changes are kept here until you save them into the files of this checkout. Run npm run build to serve them.</p>
      </header>
      <main>
        {elsewhere && (
          <p role="alert" className="elsewhere">
            {elsewhere}
          </p>
        )}
        <form className="choices" aria-label="What to edit" onSubmit={(e) => e.preventDefault()}>
          {/* Each select named by its label alone (a label around it would add its options to its name). */}
          <div>
            <label htmlFor="choose-partner">Partner</label>
            <select id="choose-partner" value={partner} onChange={(e) => {
              const next = overview.partners.find((p) => p.id === e.currentTarget.value)!;
              setPartner(next.id);
              setStep(next.steps[0].id);
            }}>
              {overview.partners.map((p) => (
                <option key={p.id} value={p.id}>
                  {p.id}
                </option>
              ))}
            </select>
          </div>
          <fieldset className="width">
            <legend>Edit</legend>
            {(
              [
                ['fields', 'Fields of a step'],
                ['page', 'Words of a page'],
                ['colours', 'Colours and logo'],
                ['settings', 'Partner settings'],
              ] as const
            ).map(([m, name]) => (
              <label key={m}>
                <input type="radio" name="mode" checked={mode === m} onChange={() => setMode(m)} /> {name}
              </label>
            ))}
          </fieldset>
          {mode === 'page' && (
            <div>
              <label htmlFor="choose-section">Page</label>
              <select id="choose-section" value={section} onChange={(e) => setSection(e.currentTarget.value)}>
                {overview.sections.map((s) => (
                  <option key={s} value={s}>
                    {SECTION_NAMES[s] ?? s}
                  </option>
                ))}
              </select>
            </div>
          )}
          <div>
            <label htmlFor="choose-step">Step</label>
            <select id="choose-step" value={step} onChange={(e) => setStep(e.currentTarget.value)}>
              {steps.map((s) => (
                <option key={s.id} value={s.id}>
                  {s.title}
                </option>
              ))}
            </select>
          </div>
          <div>
            <label htmlFor="choose-language">Preview language</label>
            <select id="choose-language" value={language} onChange={(e) => setLanguage(e.currentTarget.value)}>
              {overview.languages.map((l) => (
                <option key={l} value={l}>
                  {nameOf(l)}
                </option>
              ))}
            </select>
          </div>
          <fieldset className="width">
            <legend>Preview width</legend>
            {(['phone', 'desktop'] as const).map((w) => (
              <label key={w}>
                <input type="radio" name="width" checked={width === w} onChange={() => setWidth(w)} /> {w === 'phone' ? 'Phone (390 px)' : 'Desktop (1280 px)'}
              </label>
            ))}
          </fieldset>
        </form>
        <div className="panes">
          <div className="editor">
            {mode === 'settings' && <SettingsEditor partner={partner} revision={revision} changes={changes} setChange={setChange} />}
            {mode === 'colours' && <ColourEditor partner={partner} colours={colours} changes={changes} setChange={setChange} problems={problems} onLogo={addChange} />}
            {mode === 'page' && <PageEditor section={section} texts={page.texts} fees={page.fees} languages={overview.languages} changes={changes} setChange={setChange} problems={problems} />}
            {mode === 'fields' && (
              <nav aria-label="Fields of the step">
                <h2>Fields</h2>
                <ul className="field-list">
                  {fields.map((f) => (
                    <li key={f.path}>
                      <button type="button" aria-current={f.path === selected ? 'true' : undefined} onClick={() => setSelected(f.path)}>
                        {f.path}
                        {findingsOf(f, problems, changes).length > 0 && <span className="flag"> (the check found something)</span>}
                      </button>
                    </li>
                  ))}
                </ul>
              </nav>
            )}
            {mode === 'fields' && field && <FieldEditor field={field} languages={overview.languages} changes={changes} setChange={setChange} problems={problems} />}
            {mode === 'fields' && !overview.partners.find((p) => p.id === partner)?.fallback && <AddField partner={partner} step={step} languages={overview.languages} definitions={overview.definitions} onAdded={addChange} />}
            <AddPartner
              onAdded={(edits, name) => {
                addChange(edits);
                setWanted(name);
              }}
            />
            <section aria-labelledby="check-title">
              <h2 id="check-title">Check</h2>
              <div role="status">
                {problems.length === 0 ? (
                  <p>The configuration is sound{build?.changed.length ? ` with your changes to ${build.changed.join(', ')}` : ''}.</p>
                ) : (
                  <ul className="problems">
                    {problems.map((p, i) => (
                      <li key={i}>
                        {p.file}: {p.pointer} {p.problem}. <strong>{p.fix}</strong>
                      </li>
                    ))}
                  </ul>
                )}
              </div>
              <div className="actions">
                <button type="button" onClick={() => void api<{ diff: string }>('diff').then(({ data }) => setDiff(data.diff))}>
                  Show changes
                </button>
                <button type="button" className="primary" onClick={() => void save()}>
                  Save
                </button>
              </div>
              <p role="status">{saved}</p>
              {diff !== null && (
                <pre className="diff" tabIndex={0} aria-label="Changes to save">
                  {diff || 'No changes.'}
                </pre>
              )}
            </section>
          </div>
          {/* Scrolls sideways on a narrow screen (the desktop width is wider than the pane): a stop for the keyboard. */}
          <section className="preview" aria-labelledby="preview-title" tabIndex={0}>
            <h2 id="preview-title">Preview</h2>
            <iframe ref={preview} title={`Preview: ${drawnPage ? SECTION_NAMES[drawnPage] : (steps.find((s) => s.id === step)?.title ?? step)}, ${partner}, ${nameOf(language)}`} src="./preview.html" width={width === 'phone' ? 390 : 1280} height={900} />
          </section>
        </div>
      </main>
    </>
  );
}

createRoot(document.getElementById('studio')!).render(
  <StrictMode>
    <Studio />
  </StrictMode>,
);
