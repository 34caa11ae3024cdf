/** Keystroke filters and display formats shared by the widgets. */

/** Keeps only the characters the field allows (a regex character class such as "[A-Za-z -]"). */
export function filterChars(value: string, allowedChars: string | undefined): string {
  if (!allowedChars) return value;
  const re = new RegExp(`^${allowedChars}$`);
  return [...value].filter((c) => re.test(c)).join('');
}

/** Groups digits with a separator: groupDigits('5555555555', [3, 3, 4]) === '555-555-5555'. */
export function groupDigits(value: string, groups: number[], sep = '-'): string {
  const digits = value.replace(/\D/g, '').slice(0, groups.reduce((a, b) => a + b, 0));
  const parts: string[] = [];
  let at = 0;
  for (const size of groups) {
    if (at >= digits.length) break;
    parts.push(digits.slice(at, at + size));
    at += size;
  }
  return parts.join(sep);
}

/** Dates typed as digits get their hyphens (MM-DD-YYYY) as they are typed; a date typed with its own separators
 *  in other places (4/5/1958, 4-5-1958) is kept as typed. */
export function autoHyphenDate(value: string): string {
  const segments = value.split('-');
  const onAutoPositions = /^[\d-]*$/.test(value) && segments.slice(0, -1).every((s) => s.length === 2);
  return onAutoPositions ? groupDigits(value, [2, 2, 4]) : value.slice(0, 10);
}
