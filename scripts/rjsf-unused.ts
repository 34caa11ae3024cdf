/**
 * The parts of RJSF (@rjsf/core) the client ships without: vite.config.ts replaces each with a stand-in
 * (src/app/vendor/Unsupported.tsx) where its folder's index imports it, and the build refuses a step whose schema or
 * uiSchema would reach one of the fields or widgets (scripts/check-config.ts, checkRjsfReach). Each saves 0.1 KB of
 * gzip or more on step 1; together about 9 KB.
 */
export interface UnusedRjsf {
  /** The module under @rjsf/core/lib/components/, as its folder's index.js imports it (no .js). */
  module: string;
  /** Why no step reaches it. */
  reason: string;
  /** A field's or widget's names in RJSF's registry, when not the module's own (the build check refuses them). */
  names?: string[];
  /** What to do instead: for a field or widget a schema or uiSchema could reach. */
  fix?: string;
  /** The engine registers its own under the same name, so RJSF's is never picked. */
  replaced?: true;
  /** The stand-in, when the index imports named exports (src/app/vendor/). */
  stub?: string;
}

const WIDGET_FIX = "Give the field a ui:widget of schemas/meta/ui-options.schema.json, or check its value with a pattern rather than this format";
const ARRAY_ONLY = 'drawn by the array field only';

export const unusedRjsf: UnusedRjsf[] = [
  { module: 'fields/ArrayField', reason: 'no step has an array', fix: 'Declare each item as a field of its own' },
  { module: 'fields/LayoutGridField', reason: 'layout grids: only a ui:field names them', fix: 'Remove ui:field: sections are ui:options.sections' },
  { module: 'fields/LayoutHeaderField', reason: 'layout grids: only a ui:field names them', fix: 'Remove ui:field: sections are ui:options.sections' },
  { module: 'fields/LayoutMultiSchemaField', reason: 'layout grids: only a ui:field names them', fix: 'Remove ui:field: sections are ui:options.sections' },
  { module: 'fields/MultiSchemaField', names: ['AnyOfField', 'OneOfField'], reason: 'a choice of schemas (anyOf, oneOf) on a field drawn; inside not or if it only validates', fix: 'Use enum with ui:enumNames for a choice, or if/then for a rule' },
  { module: 'fields/FallbackField', reason: 'a field drawn with no type', fix: 'Give the field a type' },
  { module: 'fields/OptionalDataControlsField', reason: 'optional-data controls: only enableOptionalDataFieldForType turns them on', fix: 'Remove enableOptionalDataFieldForType' },
  { module: 'fields/CyclicSchemaField', reason: 'a $ref repeating itself: the build inlines every $ref and refuses one that refers to itself', fix: 'Use a definition that does not refer to itself' },
  { module: 'fields/NumberField', reason: 'number and integer fields: every field is text (digits are typed, checked with a pattern and sent as text)', fix: 'Make it a string with a pattern' },
  ...['AltDateWidget', 'AltDateTimeWidget', 'CheckboxesWidget', 'ColorWidget', 'DateWidget', 'DateTimeWidget', 'EmailWidget', 'FileWidget', 'PasswordWidget', 'RangeWidget', 'RatingWidget', 'TimeWidget', 'UpDownWidget', 'URLWidget'].map(
    (name) => ({ module: `widgets/${name}`, reason: 'picked only by a ui:widget or a format naming it', fix: WIDGET_FIX }),
  ),
  { module: 'widgets/TextWidget', reason: "widgets/index.ts registers the engine's TextWidget in its place", replaced: true },
  ...['ArrayFieldDescriptionTemplate', 'ArrayFieldItemTemplate', 'ArrayFieldItemButtonsTemplate', 'ArrayFieldTemplate', 'ArrayFieldTitleTemplate'].map((name) => ({ module: `templates/${name}`, reason: ARRAY_ONLY })),
  { module: 'templates/MultiSchemaFieldTemplate', reason: 'drawn by MultiSchemaField only' },
  { module: 'templates/CyclicSchemaExpandTemplate', reason: 'drawn by CyclicSchemaField only' },
  { module: 'templates/FallbackFieldTemplate', reason: 'drawn by FallbackField only' },
  { module: 'templates/OptionalDataControlsTemplate', reason: 'drawn by OptionalDataControlsField only' },
  { module: 'templates/BaseInputTemplate', reason: "drawn by RJSF's input widgets only (text, e-mail, date...): the engine's inputs are its own (widgets/FilteredInput.tsx)" },
  // src/engine/StepForm.tsx gives the form its own FieldTemplate and ObjectFieldTemplate.
  { module: 'templates/FieldTemplate/index', names: ['FieldTemplate'], reason: "the engine's FieldTemplate replaces it", replaced: true },
  { module: 'templates/ObjectFieldTemplate', reason: "the engine's ObjectFieldTemplate replaces it", replaced: true },
  { module: 'templates/ErrorList', names: ['ErrorListTemplate'], reason: "StepForm draws no error list of RJSF's (showErrorList false): the root object draws the engine's error summary" },
  { module: 'templates/WrapIfAdditionalTemplate', reason: "drawn by RJSF's FieldTemplate only" },
  { module: 'templates/ButtonTemplates/AddButton', reason: "drawn by arrays, optional-data controls and RJSF's ObjectFieldTemplate only" },
  { module: 'templates/ButtonTemplates/IconButton', reason: 'drawn by array items, optional-data controls and BaseInputTemplate only', stub: 'unsupportedButtons.ts' },
  { module: 'templates/ButtonTemplates/SubmitButton', reason: 'drawn only by a form without buttons of its own: StepForm always gives its own' },
];

/** A field's or widget's names in RJSF's registry. */
export const rjsfNames = (m: UnusedRjsf): string[] => m.names ?? [m.module.slice(m.module.lastIndexOf('/') + 1)];
