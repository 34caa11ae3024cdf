/**
 * The review page's content, generated from the steps' schemas and uiSchemas: sections as the steps declare them
 * (ui:options.sections, or one section titled by ui:options.review.title), labels from the titles, choice names
 * from ui:enumNames, and per field ui:options.review: hidden, format 'date', mask 'last4', or a presence row
 * ({ label, yes, no }: whether the field, or an object's field, has a value). Fields of an if/then branch appear
 * only when its `if` holds.
 */
import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import { holds, isObj, propertySchema } from './schemaLookup';

type Data = Record<string, unknown>;
type Schema = RJSFSchema & Record<string, unknown>;

export interface ReviewRow {
  label: string;
  value: string;
}

export interface ReviewSection {
  title: string;
  stepId: string;
  rows: ReviewRow[];
}

export interface ReviewStep {
  stepId: string;
  schema: RJSFSchema;
  uiSchema: UiSchema;
}

export interface ReviewFormats {
  /** A date as typed, for reading ('MMMM D, YYYY'). */
  date: (value: string) => string;
  /** A value shown by its last four characters only. */
  last4: (value: string) => string;
  /** A yes-or-no answer, in the page's language. */
  yes: string;
  no: string;
}

interface ReviewOptions {
  hidden?: boolean;
  format?: 'date';
  mask?: 'last4';
  presence?: { label: string; yes: string; no: string };
}

function propertyNames(schema: Schema, data: unknown, ui: UiSchema): string[] {
  const names = new Set<string>(isObj(schema.properties) ? Object.keys(schema.properties) : []);
  if (isObj(schema.then) && holds(schema.if, data)) propertyNames(schema.then as Schema, data, {}).forEach((n) => names.add(n));
  const order = (ui['ui:order'] as string[] | undefined) ?? [];
  return [...order.filter((n) => names.has(n)), ...[...names].filter((n) => !order.includes(n))];
}

function display(value: unknown, schema: Schema, ui: UiSchema, options: ReviewOptions, formats: ReviewFormats): string {
  if (typeof value === 'boolean') return value ? formats.yes : formats.no;
  if (typeof value !== 'string' || value === '') return '';
  const names = ui['ui:enumNames'] as string[] | undefined;
  if (Array.isArray(schema.enum) && names) return names[schema.enum.indexOf(value)] ?? value;
  if (options.format === 'date') return formats.date(value);
  if (options.mask === 'last4') return formats.last4(value);
  return value;
}

const hasValue = (value: unknown): boolean => (isObj(value) ? Object.values(value).some(hasValue) : value !== undefined && value !== null && value !== '' && value !== false);

function fieldRows(name: string, schema: Schema, ui: UiSchema, data: unknown, formats: ReviewFormats): ReviewRow[] {
  const options = ((ui['ui:options'] as Data | undefined)?.review ?? {}) as ReviewOptions;
  if (options.hidden) return [];
  const value = isObj(data) ? data[name] : undefined;
  const rows: ReviewRow[] = [];
  if (options.presence) rows.push({ label: options.presence.label, value: hasValue(value) ? options.presence.yes : options.presence.no });
  if (isObj(schema.properties) || schema.type === 'object') {
    return rows.concat(propertyNames(schema, value, ui).flatMap((child) => {
      const childSchema = propertySchema(schema, child, value);
      return childSchema ? fieldRows(child, childSchema, (ui[child] as UiSchema | undefined) ?? {}, value, formats) : [];
    }));
  }
  const label = (ui['ui:title'] as string | undefined) ?? schema.title ?? name;
  const shown = display(value, schema, ui, options, formats);
  if (shown !== '') rows.push({ label, value: shown });
  return rows;
}

/** The review sections of the steps, in order; a section with no value to show is left out. */
export function reviewSections(steps: ReviewStep[], payload: Data, formats: ReviewFormats): ReviewSection[] {
  return steps.flatMap(({ stepId, schema, uiSchema }) => {
    const options = (uiSchema['ui:options'] ?? {}) as { sections?: { title?: string; fields: string[] }[]; review?: { title?: string } };
    const sections = options.sections ?? [{ title: options.review?.title, fields: propertyNames(schema as Schema, payload, uiSchema) }];
    return sections
      .filter((s): s is { title: string; fields: string[] } => Boolean(s.title))
      .map((s) => ({
        title: s.title,
        stepId,
        rows: s.fields.flatMap((f) => {
          const fieldSchema = propertySchema(schema as Schema, f, payload);
          return fieldSchema ? fieldRows(f, fieldSchema, (uiSchema[f] as UiSchema | undefined) ?? {}, payload, formats) : [];
        }),
      }))
      .filter((s) => s.rows.length > 0);
  });
}
