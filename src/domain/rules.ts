/**
 * The rules JSON Schema cannot say by itself, registered in one place for the browser's build and the server:
 * the named formats of formats.ts and the `sameText` keyword (generated code, so standalone validators work).
 */
import { _, type KeywordCxt } from 'ajv';
import type Ajv from 'ajv';
import { formats } from './formats';

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
      cxt.fail(_`String(${data}).trim().toLowerCase() !== String(${schemaCode} ?? "").trim().toLowerCase()`);
    },
  });
  return ajv;
}
