/** Named formats and rule functions of our schemas: plain functions, used by Ajv at build time (rules.ts) and
 *  imported by the precompiled validators, so the browser bundle carries no Ajv compiler. Their messages and
 *  numbers live in the schemas. */
import { isHyphenMdy, parseIso, parseMdy, today } from './dates';

export const formats: Record<string, (value: string) => boolean> = {
  /** A real month-day-year date (dash or slash, 1 or 2 digit month and day, 4 digit year). */
  'mdy-date': (v) => parseMdy(v) !== null,
  /** A real mm-dd-yyyy date, hyphens only. */
  'mdy-hyphen-date': isHyphenMdy,
  'iso-date': (v) => parseIso(v) !== null,
};

/** What a form date format becomes on the wire (x-wire 'isoDate'). */
export const isoFormats: Record<string, string> = { 'mdy-date': 'iso-date', 'mdy-hyphen-date': 'iso-date' };

/** A date in either shape; the `format` keyword decides which shape a field accepts. */
const parseDate = (v: string): Date | null => parseMdy(v) ?? parseIso(v);

/** Keywords with a number from the schema (rules.ts). A value that is not a date passes: `format` reports it. */
export const dateRules = {
  /** Age by year difference (spec section 5) is at least `years`. */
  minAge: (v: string, years: number): boolean => {
    const d = parseDate(v);
    return d === null || today().getFullYear() - d.getFullYear() >= years;
  },
  /** Age by year difference is at most `years`. */
  maxAge: (v: string, years: number): boolean => {
    const d = parseDate(v);
    return d === null || today().getFullYear() - d.getFullYear() <= years;
  },
  /** Within `months` months before or after today. */
  withinMonths: (v: string, months: number): boolean => {
    const d = parseDate(v);
    if (d === null) return true;
    const now = today();
    const from = new Date(now.getFullYear(), now.getMonth() - months, now.getDate());
    const to = new Date(now.getFullYear(), now.getMonth() + months, now.getDate());
    return d.getTime() >= from.getTime() && d.getTime() <= to.getTime();
  },
};
