/** The bench's baseline: a bare react-jsonschema-form page as its documentation shows it (@rjsf/core, the Ajv 8
 *  validator compiling the schema in the browser, live validation), on the product's merged step-1 schema and
 *  uiSchema. Only what the schema needs to validate as strictly is added: ajv-errors for its messages and the
 *  project's formats and keywords. Custom widgets the uiSchema names are left to RJSF's defaults. */
import { useState } from 'react';
import { createRoot } from 'react-dom/client';
import Form, { getDefaultRegistry } from '@rjsf/core';
import { customizeValidator } from '@rjsf/validator-ajv8';
import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import ajvErrors from 'ajv-errors';
import type Ajv from 'ajv';
import { addRules } from '../../../src/domain/rules';
import step from '../../../generated/standard/accountholder.json';

const known = new Set(Object.keys(getDefaultRegistry().widgets));
/** The uiSchema without the names of our widgets (ui:widget: 'ssn', ...), which RJSF would not know. */
function withDefaultWidgets(ui: unknown): unknown {
  if (Array.isArray(ui)) return ui.map(withDefaultWidgets);
  if (!ui || typeof ui !== 'object') return ui;
  return Object.fromEntries(
    Object.entries(ui)
      .filter(([k, v]) => !(k === 'ui:widget' && typeof v === 'string' && !known.has(v) && !known.has(`${v[0].toUpperCase()}${v.slice(1)}Widget`)))
      .map(([k, v]) => [k, withDefaultWidgets(v)]),
  );
}

const schema = step.schema as unknown as RJSFSchema;
const uiSchema = withDefaultWidgets(step.uiSchema) as UiSchema;
const validator = customizeValidator({ ajvOptionsOverrides: { $data: true }, extenderFn: (ajv) => addRules(ajvErrors(ajv as never) as unknown as Ajv) as never });

function App() {
  const [formData, setFormData] = useState<Record<string, unknown>>({});
  return <Form schema={schema} uiSchema={uiSchema} validator={validator} formData={formData} onChange={(e) => setFormData(e.formData)} liveValidate showErrorList="top" noHtml5Validate />;
}

createRoot(document.getElementById('root')!).render(<App />);
