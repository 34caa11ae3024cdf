/** Objects render as fieldsets; the root object may group its fields into titled sections (ui:options.sections). */
import type { ObjectFieldTemplateProps } from '@rjsf/utils';
import type { EngineFormContext, LinkItem } from '../formContext';
import { FIRST_DRAWN_FIELDS, useRestDrawn } from '../restDrawn';
import { ErrorSummary } from './ErrorSummary';

interface Section {
  title?: string;
  fields: string[];
  notice?: string | string[];
  /** The name of a list of links the app provides (StepForm's `links`), shown after the notice. */
  links?: string;
}

/** Links open in a new tab: the application lives only in this page, and leaving it would lose what was typed. */
function LinkList({ links, newTab }: { links: readonly LinkItem[]; newTab: string }) {
  return (
    <ul className="link-list">
      {links.map((l) => (
        <li key={l.url + l.title}>
          <a href={l.url} target="_blank" rel="noopener noreferrer">
            {l.title}
            <span className="visually-hidden"> {newTab}</span>
          </a>
        </li>
      ))}
    </ul>
  );
}

type Property = ObjectFieldTemplateProps['properties'][number];

/** The root object's fields in titled sections, each drawn only if it shows something; the first one that does is
 *  drawn first, up to FIRST_DRAWN_FIELDS of its fields, and its other fields, the other sections and the fields no
 *  section places with the rest of the step (restDrawn.ts). */
function Sections({ sections, properties, id, ctx }: { sections: Section[]; properties: Property[]; id: string; ctx: EngineFormContext | undefined }) {
  const restDrawn = useRestDrawn();
  const placed = new Set(sections.flatMap((s) => s.fields));
  const byName = new Map(properties.map((p) => [p.name, p]));
  const shown = sections.map((s, i) => {
    const fields = s.fields.map((f) => byName.get(f)).filter((p): p is Property => p !== undefined && !p.hidden);
    // Only the first section that shows something is drawn in the first render: these are its first fields.
    const drawn = restDrawn ? fields : fields.slice(0, FIRST_DRAWN_FIELDS);
    const links = s.links ? (ctx?.links?.[s.links] ?? []) : [];
    if (fields.length === 0 && !s.notice && links.length === 0) return null;
    const headingId = `${id}-section-${i}`;
    const notices = s.notice === undefined ? [] : Array.isArray(s.notice) ? s.notice : [s.notice];
    return (
      <section key={headingId} className="form-section" aria-labelledby={s.title ? headingId : undefined}>
        {s.title && <h2 id={headingId}>{s.title}</h2>}
        {notices.map((n) => (
          <p key={n} className="notice">
            {n}
          </p>
        ))}
        {links.length > 0 && <LinkList links={links} newTab={ctx?.words.newTab ?? ''} />}
        {drawn.map((p) => p.content)}
      </section>
    );
  });
  const first = shown.findIndex((s) => s !== null);
  return (
    <div className="form-sections">
      {restDrawn ? shown : shown.slice(0, first + 1)}
      {restDrawn && properties.filter((p) => !placed.has(p.name)).map((p) => p.content)}
    </div>
  );
}

export function ObjectFieldTemplate(props: ObjectFieldTemplateProps) {
  const { properties, uiSchema, fieldPathId, schema, registry, errorSchema } = props;
  const ctx = registry.formContext as EngineFormContext | undefined;
  // RJSF falls back to the property key as a title; only a title the schema or uiSchema gives is shown.
  const title = (uiSchema?.['ui:title'] as string | undefined) ?? schema.title;
  const id = (fieldPathId as { $id?: string } | undefined)?.$id ?? 'root';
  const sections = uiSchema?.['ui:options']?.sections as Section[] | undefined;
  if (sections || id === 'root' || !title)
    return (
      <>
        {/* The step's error summary stands above its fields (the step's root object draws it: see ErrorSummary). */}
        {id === 'root' && ctx && <ErrorSummary errorSchema={errorSchema} uiSchema={uiSchema} ctx={ctx} />}
        {sections ? <Sections sections={sections} properties={properties} id={id} ctx={ctx} /> : <div className="form-fields">{properties.map((p) => p.content)}</div>}
      </>
    );
  return (
    <fieldset className="object-fieldset" id={id}>
      <legend>{title}</legend>
      {properties.map((p) => p.content)}
    </fieldset>
  );
}
