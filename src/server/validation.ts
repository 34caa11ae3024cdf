/** The server's validators: the same enrollment schema and rules as the browser. */
import Ajv, { type ErrorObject } from 'ajv';
import ajvErrors from 'ajv-errors';
import { addRules } from '../domain/rules';
import enrollmentSchema from '../../schemas/enrollment.schema.json' with { type: 'json' };

const ajv = addRules(ajvErrors(new Ajv({ allErrors: true, $data: true, strict: false })));

export const validateEnrollment = ajv.compile(enrollmentSchema);

/** Paths and messages only: the rejected values are never echoed. Ajv's structural 'if' errors say nothing the
 *  failing branch's own messages do not. */
export const describeErrors = (errors: ErrorObject[] | null | undefined) =>
  (errors ?? []).filter((e) => e.keyword !== 'if').map((e) => ({ path: e.instancePath || '/', message: e.message ?? 'Not valid.' }));
