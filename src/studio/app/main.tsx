/** The analysts' studio page (issue 24): choose a partner, then a step's fields (FieldEditor), a page's words and fees
 *  (PageEditor), its colours and logo (ColourEditor) or its settings (SettingsEditor); watch the real screen follow
 *  in the preview at a phone's width or a desktop's; see what the configuration check finds beside what it names;
 *  read the changes as a diff; save them into the files. */
import { StrictMode, useCallback, useEffect, useRef, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { DrawsInTwo } from '../../engine/restDrawn';
import './studio.css';
import type { FieldInfo, StepInfo } from '../fields';
import type { Colour, FeeAmount, PageText } from '../pages';
import type { Edit } from '../workspace';
import type { Problem } from '../../../scripts/check-config';
import type { PreviewRequest } from './preview';
import { api, editsOf, ELSEWHERE, nameOf, type Change } from './changes';
import { Finding } from './Finding';
import { AddField, AddPartner } from './Additions';
import { FieldEditor, findingsOf } from './FieldEditor';
import { PageEditor, PAGES_DRAWN, SECTION_NAMES } from './PageEditor';
import { ColourEditor } from './ColourEditor';
import { SettingsEditor } from './SettingsEditor';

interface Overview {
  languages: string[];
  sections: string[];
  definitions: string[];
  partners: { id: string; fallback: boolean; steps: StepInfo[] }[];
}

/** One of a few choices, as radio buttons under a legend. */
function Choice<T extends string>({ legend, name, value, onChange, options }: { legend: string; name: string; value: T; onChange: (v: T) => void; options: [T, string][] }) {
  return (
    <fieldset className="width">
      <legend>{legend}</legend>
      {options.map(([v, label]) => (
        <label key={v}>
          <input type="radio" name={name} checked={value === v} onChange={() => onChange(v)} /> {label}
        </label>
      ))}
    </fieldset>
  );
}

/** A list, named by its label alone (a label around it would add its options to its name). */
function Pick({ id, label, value, onChange, options }: { id: string; label: string; value: string; onChange: (v: string) => void; options: [string, string][] }) {
  return (
    <div>
      <label htmlFor={id}>{label}</label>
      <select id={id} value={value} onChange={(e) => onChange(e.currentTarget.value)}>
        {options.map(([v, text]) => (
          <option key={v} value={v}>
            {text}
          </option>
        ))}
      </select>
    </div>
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
  const [build, setBuild] = useState<{ base: string; problems: Problem[]; changed: string[]; edits: string } | null>(null);
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
  // A step's fields show in the step, or in the review page that lists them.
  const [shown, setShown] = useState<'step' | 'review'>('step');
  const drawnPage: PreviewRequest['page'] = mode === 'page' ? PAGES_DRAWN.find((p) => p === section) : mode === 'fields' && shown === 'review' ? 'review' : undefined;

  // Each change is built as the build builds it (a moment after the last keystroke), and the preview follows.
  // Built again only when the edits differ (a change set again as it was, or an unfinished one, builds nothing).
  const edits = JSON.stringify(editsOf(changes));
  useEffect(() => {
    const timer = setTimeout(() => {
      void api<{ base: string; problems: Problem[]; changed: string[] }>('edits', { edits: JSON.parse(edits) as Edit[] }).then(({ status, data }) => {
        if (status !== 200) return;
        setBuild({ ...data, edits });
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
    // A value the form refuses (a limit out of range, a colour half typed) is not built: saving without it would
    // lose it silently.
    if ([...changes.values()].some((c) => 'unfinished' in c && c.unfinished)) return setSaved('Nothing was saved: finish or correct the values marked in the form first.');
    const { status, data } = await api<{ saved?: string[]; problems?: Problem[]; message?: string }>('save', { edits: editsOf(changes) });
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
          <Pick
            id="choose-partner"
            label="Partner"
            value={partner}
            onChange={(id) => {
              setPartner(id);
              setStep(overview.partners.find((p) => p.id === id)!.steps[0].id);
            }}
            options={overview.partners.map((p) => [p.id, p.id])}
          />
          <Choice
            legend="Edit"
            name="mode"
            value={mode}
            onChange={setMode}
            options={[
              ['fields', 'Fields of a step'],
              ['page', 'Words of a page'],
              ['colours', 'Colours and logo'],
              ['settings', 'Partner settings'],
            ]}
          />
          {mode === 'page' && <Pick id="choose-section" label="Page" value={section} onChange={setSection} options={overview.sections.map((s) => [s, SECTION_NAMES[s] ?? s])} />}
          <Pick id="choose-step" label="Step" value={step} onChange={setStep} options={steps.map((s) => [s.id, s.title])} />
          <Pick id="choose-language" label="Preview language" value={language} onChange={setLanguage} options={overview.languages.map((l) => [l, nameOf(l)])} />
          {mode === 'fields' && (
            <Choice
              legend="Preview of the fields"
              name="shown"
              value={shown}
              onChange={setShown}
              options={[
                ['step', 'In the step'],
                ['review', 'In the review page'],
              ]}
            />
          )}
          <Choice
            legend="Preview width"
            name="width"
            value={width}
            onChange={setWidth}
            options={[
              ['phone', 'Phone (390 px)'],
              ['desktop', 'Desktop (1280 px)'],
            ]}
          />
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
            {mode === 'fields' && field && <FieldEditor partner={partner} step={step} field={field} revision={revision} changes={changes} setChange={setChange} problems={problems} />}
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
                {build?.edits !== edits ? (
                  <p>Checking your changes…</p>
                ) : problems.length === 0 ? (
                  <p>The configuration is sound{build?.changed.length ? ` with your changes to ${build.changed.join(', ')}` : ''}.</p>
                ) : (
                  <ul className="problems">
                    {problems.map((p, i) => (
                      <li key={i}>
                        <Finding problem={p} />
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
            <iframe ref={preview} title={`Preview: ${drawnPage === 'review' ? 'Review page' : drawnPage ? SECTION_NAMES[drawnPage] : (steps.find((s) => s.id === step)?.title ?? step)}, ${partner}, ${nameOf(language)}`} src="./preview.html" width={width === 'phone' ? 390 : 1280} height={900} />
          </section>
        </div>
      </main>
    </>
  );
}

createRoot(document.getElementById('studio')!).render(
  <StrictMode>
    <DrawsInTwo.Provider value={false}>
      <Studio />
    </DrawsInTwo.Provider>
  </StrictMode>,
);
