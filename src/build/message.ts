/** A message of the schemas filled at build time with its schema's values: ICU MessageFormat (FormatJS), so a
 *  language may say '{limit, plural, one {# carácter} other {# caracteres}}' where English has one form. A name
 *  with a dash ('{x-mask}', a keyword's own name) is read as written. */
import { IntlMessageFormat } from 'intl-messageformat';

/** ICU names cannot hold a dash: 'x-mask' is passed as 'x_mask'. */
const icuName = (name: string) => name.replace(/-/g, '_');

/** The names a message uses ({name}, {name, plural, …}). rule-scan: a message's placeholder names, not a field's rule */
export const messageNames = (text: string): string[] => [...text.matchAll(/\{\s*([A-Za-z][\w-]*)\s*[,}]/g)].map((m) => m[1]);

/** What is wrong with a text as a message (unbalanced braces, a plural without 'other'), or null. */
export function messageProblem(text: string): string | null {
  try {
    // rule-scan: a message's placeholder names, not a field's rule
    new IntlMessageFormat(text.replace(/\{(\s*)([A-Za-z][\w-]*)(?=\s*[,}])/g, (_m, space: string, name: string) => `{${space}${icuName(name)}`), 'en');
    return null;
  } catch (e) {
    return (e as Error).message;
  }
}

/** `text` with each name given its value, in `language`'s plural rules; throws on broken ICU or a missing value. */
export function formatMessage(text: string, values: Record<string, string | number>, language: string): string {
  // rule-scan: a message's placeholder names, not a field's rule
  const icu = text.replace(/\{(\s*)([A-Za-z][\w-]*)(?=\s*[,}])/g, (_m, space: string, name: string) => `{${space}${icuName(name)}`);
  const named = Object.fromEntries(Object.entries(values).map(([k, v]) => [icuName(k), v]));
  return String(new IntlMessageFormat(icu, language).format(named));
}
