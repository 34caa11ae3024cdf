/** What the studio calls each part of a field's form (src/studio/field-editor.ui.json): for the form, and for the
 *  links from a finding to the text it names. */
import layout from './field-editor.ui.json' with { type: 'json' };

type Titled = { 'ui:title'?: string };
const titled = layout as unknown as Record<string, Titled & Record<string, Titled>>;

/** A part's name: label, help, a limit or format keyword, or a message's rule keyword under 'messages'. */
export const titleOf = (name: string, rule?: string): string => (rule === undefined ? (titled[name]?.['ui:title'] ?? name) : (titled.messages[rule]?.['ui:title'] ?? `Message for ${rule}`));
