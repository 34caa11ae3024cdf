/** A field's label, as the step shows it: the uiSchema's ui:title, else the schema's title, else its name. */
import type { UiSchema } from '@rjsf/utils';
import type { StepModule } from './types';
import { propertySchema } from './schemaLookup';

type Data = Record<string, unknown>;

export function fieldLabel(module: Pick<StepModule, 'schema' | 'uiSchema'>, path: string, data: Data): string {
  let schema: Data | undefined = module.schema as Data;
  let ui: UiSchema | undefined = module.uiSchema;
  let value: unknown = data;
  const names = path.split('.');
  for (const name of names) {
    schema = schema ? propertySchema(schema, name, value) : undefined;
    ui = ui?.[name] as UiSchema | undefined;
    value = typeof value === 'object' && value !== null ? (value as Data)[name] : undefined;
  }
  return (ui?.['ui:title'] as string | undefined) ?? (schema?.title as string | undefined) ?? names[names.length - 1];
}
