/**
 * The rules JSON Schema cannot say by itself, registered in one place for the browser's build and the server:
 * the named formats of formats.ts, the `sameText` keyword, and the date keywords whose numbers the schemas give
 * (minAge, maxAge, withinMonths). Generated code refers to formats.ts by name, so standalone validators work.
 */
import { _, type KeywordCxt } from 'ajv';
import type Ajv from 'ajv';
import { dateRules, formats } from './formats';

export { formats };

export function addRules(ajv: Ajv): Ajv {
  for (const [name, validate] of Object.entries(formats)) ajv.addFormat(name, validate);
  ajv.addKeyword({
    // Case-insensitive, trimmed equality with another value of the payload: { "sameText": { "$data": "/firstName" } }.
    keyword: 'sameText',
    $data: true,
    type: 'string',
    code(cxt: KeywordCxt) {
      const { data, schemaCode } = cxt;
      // The other value may be anything a payload holds: one that is not a string never matches (and is never
      // converted, since String() of {"toString": ""} throws).
      cxt.fail(_`typeof (${schemaCode} ?? "") !== "string" || ${data}.trim().toLowerCase() !== (${schemaCode} ?? "").trim().toLowerCase()`);
    },
  });
  for (const keyword of Object.keys(dateRules) as (keyof typeof dateRules)[]) {
    ajv.addKeyword({
      keyword,
      type: 'string',
      schemaType: 'number',
      code(cxt: KeywordCxt) {
        // In standalone code the function is imported from formats.ts as `rules` (src/build/compile.ts).
        const fn = cxt.gen.scopeValue('func', { ref: dateRules[keyword], code: _`rules.dateRules[${keyword}]` });
        cxt.fail(_`!${fn}(${cxt.data}, ${cxt.schema as number})`);
      },
    });
  }
  ajv.addKeyword({ keyword: ['x-mask', 'x-wire', 'x-ui', 'x-messages'], schemaType: ['string', 'object'] });
  return ajv;
}
