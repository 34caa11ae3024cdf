/** Dates: MM-DD-YYYY on input (dash or slash, 1 or 2 digit month and day, strict), YYYY-MM-DD on the wire. Parsed
 *  by hand into a local-midnight Date (no date library ships): the answers are dayjs's strict parse's, which the
 *  unit tests check over a grid of years, months and days. */
import { fill } from '../engine/fill';

/** The clock rules read 'today' from; tests may set it. */
let clock: () => Date = () => new Date();
export const setClock = (next: () => Date): void => {
  clock = next;
};
export const today = (): Date => clock();

/** The day, or null when it is not one. A year below 100 is not a date (dayjs's strict parse refuses it too). */
function calendarDay(year: number, month: number, day: number): Date | null {
  if (year < 100 || month < 1 || month > 12 || day < 1 || day > new Date(year, month, 0).getDate()) return null;
  return new Date(year, month - 1, day);
}

const MDY = /^(\d{1,2})([-/])(\d{1,2})\2(\d{4})$/;
/** The shape a date field fills in as digits are typed, and the one the hyphen-only format accepts: MM-DD-YYYY. */
export const MDY_MASK = '99-99-9999';
const MDY_HYPHENS = /^\d{2}-\d{2}-\d{4}$/;

/** Parses month-day-year input strictly (one separator throughout); null when it is not a real date. */
export function parseMdy(value: string): Date | null {
  const m = MDY.exec(value);
  return m ? calendarDay(Number(m[4]), Number(m[1]), Number(m[3])) : null;
}

/** A real date written MM-DD-YYYY exactly (two-digit month and day, hyphens). */
export const isHyphenMdy = (value: string): boolean => MDY_HYPHENS.test(value) && parseMdy(value) !== null;

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Parses YYYY-MM-DD strictly; null when it is not a real date. */
export function parseIso(value: string): Date | null {
  const m = ISO_DATE.exec(value);
  return m ? calendarDay(Number(m[1]), Number(m[2]), Number(m[3])) : null;
}

const pad = (n: number, width: number): string => String(n).padStart(width, '0');
/** A Date's local day as YYYY-MM-DD. */
const toIso = (d: Date): string => `${pad(d.getFullYear(), 4)}-${pad(d.getMonth() + 1, 2)}-${pad(d.getDate(), 2)}`;

export const mdyToIso = (value: string): string => {
  const date = parseMdy(value);
  return date ? toIso(date) : value;
};
export const isoToday = (): string => toIso(today());

/** The calendar's words of a language (schemas/text.json's form.longDate and form.months). */
export interface DateWords {
  longDate: string;
  months: string[];
}

/** A date as typed (MM-DD-YYYY) or sent (ISO), for reading in a language: 'November 3, 2026' in English ('MMMM D,
 *  YYYY'), '3 de noviembre de 2026' in Spanish. The words file's, not the browser's Intl: a phone takes 65 to 200 ms
 *  to make the page's first Intl formatter (ICU's data), a task in the way of the press that lands during it. */
export function displayDate(value: string, words: DateWords): string {
  const date = parseMdy(value) ?? parseIso(value);
  if (!date) return value;
  return fill(words.longDate, { month: words.months[date.getMonth()], day: date.getDate(), year: date.getFullYear() });
}
