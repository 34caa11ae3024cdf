/** The server's validators: the same enrollment schema and rules as the browser. */
import Ajv, { type ErrorObject } from 'ajv';
import ajvErrors from 'ajv-errors';
import { addRules } from '../domain/rules';
import enrollmentSchema from '../../schemas/enrollment.schema.json' with { type: 'json' };

const ajv = addRules(ajvErrors(new Ajv({ allErrors: true, $data: true, strict: false })));

export const validateEnrollment = ajv.compile(enrollmentSchema);

/** Paths and messages only: the rejected values are never echoed. */
export const describeErrors = (errors: ErrorObject[] | null | undefined) =>
  (errors ?? []).map((e) => ({ path: e.instancePath || '/', message: e.message ?? 'Not valid.' }));
