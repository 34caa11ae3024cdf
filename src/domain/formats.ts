/** Named formats of our schemas: plain functions, imported both by Ajv (rules.ts) and by the precompiled
 *  validators, so the browser bundle carries no Ajv compiler. Their messages live in the schemas. */
import { isAdultByYear, parseIso, parseMdy } from './dates';
import { isRepeatedDigit } from './ssn';

export const formats: Record<string, (value: string) => boolean> = {
  /** A real month-day-year date (dash or slash, 1 or 2 digit month and day, 4 digit year). */
  'mdy-date': (v) => parseMdy(v) !== null,
  /** 18 or older by year difference; a value that is not a date is left to 'mdy-date'. */
  'adult-mdy': (v) => {
    const d = parseMdy(v);
    return d === null || isAdultByYear(d);
  },
  /** A real mm-dd-yyyy date, hyphens only. */
  'mdy-hyphen-date': (v) => /^\d{2}-\d{2}-\d{4}$/.test(v) && parseMdy(v) !== null,
  'iso-date': (v) => parseIso(v) !== null,
  'adult-iso': (v) => {
    const d = parseIso(v);
    return d === null || isAdultByYear(d);
  },
  /** An SSN that is not one digit repeated. */
  'ssn-not-repeated': (v) => !isRepeatedDigit(v),
};
