/** Dates: MM-DD-YYYY on input (dash or slash, 1 or 2 digit month and day, strict), YYYY-MM-DD on the wire. */
import dayjs from 'dayjs';
import customParseFormat from 'dayjs/plugin/customParseFormat.js';

dayjs.extend(customParseFormat);

export type Dayjs = dayjs.Dayjs;

const INPUT_FORMATS = ['MM-DD-YYYY', 'M-D-YYYY', 'MM/DD/YYYY', 'M/D/YYYY', 'M-DD-YYYY', 'MM-D-YYYY', 'M/DD/YYYY', 'MM/D/YYYY'];
const INPUT_SHAPE = /^\d{1,2}[-/]\d{1,2}[-/]\d{4}$/;

/** The clock rules read 'today' from; tests may set it. */
let clock: () => Date = () => new Date();
export const setClock = (next: () => Date): void => {
  clock = next;
};
export const today = (): Date => clock();

/** Parses month-day-year input strictly; null when it is not a real date. */
export function parseMdy(value: string): dayjs.Dayjs | null {
  if (!INPUT_SHAPE.test(value)) return null;
  const sep = value.includes('/') ? '/' : '-';
  if (value.split(sep).length !== 3) return null;
  const d = dayjs(value, INPUT_FORMATS, true);
  return d.isValid() ? d : null;
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Parses YYYY-MM-DD strictly; null when it is not a real date. The same answers as dayjs's strict parse with that
 *  format (a year below 100 is not a date there either), without its format parser: every enrollment's dates pass
 *  here on the server, several times. */
export function parseIso(value: string): dayjs.Dayjs | null {
  const m = ISO_DATE.exec(value);
  if (!m) return null;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (year < 100 || month < 1 || month > 12 || day < 1 || day > new Date(year, month, 0).getDate()) return null;
  return dayjs(new Date(year, month - 1, day));
}

export const mdyToIso = (value: string): string => parseMdy(value)?.format('YYYY-MM-DD') ?? value;
export const isoToday = (): string => dayjs(today()).format('YYYY-MM-DD');
/** A date as typed (MM-DD-YYYY) or sent (ISO), for reading in a language: 'November 3, 2026' in English ('MMMM D,
 *  YYYY'), '3 de noviembre de 2026' in Spanish. The browser's own calendar words: no locale data ships. */
export function displayDate(value: string, language = 'en'): string {
  const date = parseMdy(value) ?? parseIso(value);
  if (!date) return value;
  return new Intl.DateTimeFormat(language === 'en' ? 'en-US' : language, { dateStyle: 'long', timeZone: 'UTC' }).format(Date.UTC(date.year(), date.month(), date.date()));
}
