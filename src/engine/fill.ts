/** '{name}' in a text or message is the value named so; a name with no value stays as written (the build checks
 *  the catalogues, and a missing value reads better as '{name}' than as nothing). */
export const fill = (text: string, values: Record<string, string | number>): string =>
  text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
