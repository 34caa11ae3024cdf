/** Keystroke filters and display formats shared by the widgets. */
import { MDY_MASK } from '../src/domain/dates';

/** Keeps only the characters the field allows (a regex character class, from the field's x-ui allowedChars). */
export function filterChars(value: string, allowedChars: string | undefined): string {
  if (!allowedChars) return value;
  const re = allowedRe(allowedChars);
  return [...value].filter((c) => re.test(c)).join('');
}

// Compiled once per class, not at every keystroke.
const compiled = new Map<string, RegExp>();
function allowedRe(allowedChars: string): RegExp {
  let re = compiled.get(allowedChars);
  if (!re) compiled.set(allowedChars, (re = new RegExp(`^${allowedChars}$`)));
  return re;
}

/** Dates typed as digits get their hyphens (MDY_MASK) as they are typed; a date typed with its own separators
 *  in other places (4/5/1958, 4-5-1958) is kept as typed. */
export function autoHyphenDate(value: string): string {
  const segments = value.split('-');
  const onAutoPositions = /^[\d-]*$/.test(value) && segments.slice(0, -1).every((s) => s.length === 2);
  return onAutoPositions ? maskDigits(value, MDY_MASK) : value.slice(0, 10);
}

/** Formats digits by a mask ('9' a digit, anything else a separator): maskDigits('5555555555', '999-999-9999')
 *  === '555-555-5555'. A separator appears once the digit after it is typed. */
export function maskDigits(value: string, mask: string): string {
  const digits = value.replace(/\D/g, '');
  let out = '';
  let at = 0;
  for (const c of mask) {
    if (at >= digits.length) break;
    out += c === '9' ? digits[at++] : c;
  }
  return out;
}
