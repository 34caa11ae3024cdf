/** The server's validators, from the same generated schemas as the browser: each variant's wire validator for
 *  the enrollment, and the shared definitions (in their form or wire shape) for every other route's input. */
import Ajv, { type ErrorObject } from 'ajv';
import ajvErrors from 'ajv-errors';
import type { FastifyRequest } from 'fastify';
import { addRules } from '../domain/rules';
import { pickLanguage } from '../domain/language';
import { resolveVariant } from '../engine/variant';
import type { WireModule } from '../domain/site';
import { languages, variants as variantData } from '../../generated/index';
import { messagesByVariant, translationsByVariant } from '../../generated/messages';
import { detailsByVariant } from '../../generated/details';
import { wireModules } from '../../generated/wire';
import { wireChecks } from '../../generated/wire-check';
import definitions from '../../generated/definitions.json' with { type: 'json' };

type Schema = Record<string, unknown>;

/** A shared definition, as the form holds it or as it travels on the wire (masks as digits, dates ISO). */
export const field = (name: string, shape: 'form' | 'wire' = 'form'): Schema => {
  const d = (definitions[shape] as Record<string, Schema>)[name];
  if (!d) throw new Error(`schemas/definitions.schema.json has no definition '${name}'`);
  return d;
};

/** Compiles route schemas with our rules and messages (Fastify's own compiler knows neither). */
export const requestAjv = addRules(ajvErrors(new Ajv({ allErrors: true, $data: true, strict: false, coerceTypes: false, removeAdditional: false })));

/** The variants as the server uses them: each with its keyed messages (in English; variantOf gives a request's
 *  language) and its details (the membership check). */
export const variants = variantData.map((v) => ({ ...v, ...detailsByVariant[v.id], language: languages[0], messages: messagesByVariant[v.id][languages[0]] }));
export type ServerVariant = (typeof variants)[number];

/** The partner whose members a group admits: the membership variant whose own group it is (its groupCode), else,
 *  for a group the database flags as a membership group (is_aarp), the first variant with a membership check. */
export const partnerOfGroup = (groupId: string, flagged: boolean): ServerVariant | undefined =>
  variants.find((v) => v.membership && v.groupCode?.toUpperCase() === groupId.toUpperCase()) ?? (flagged ? variants.find((v) => v.membership) : undefined);

/** The site's keyed messages (schemas/messages.json) in English, for what is said before any request. */
export const siteMessages = variants.find((v) => v.fallback)!.messages;

/** The tags of a request's Accept-Language, in its order. */
export const acceptedLanguages = (request: Pick<FastifyRequest, 'headers'>): string[] => {
  const header = request.headers['accept-language'];
  return typeof header === 'string' ? header.split(',') : [];
};

/** The language of a request: the first of its Accept-Language tags the site has (the site's pages send the one
 *  the applicant chose), else English. Only the words of an answer depend on it. */
export function languageOf(request: Pick<FastifyRequest, 'headers'>): string {
  return pickLanguage(acceptedLanguages(request), languages);
}

/** A variant with its messages in a language. */
export const inLanguage = (v: ServerVariant, language: string): ServerVariant => ({ ...v, language, messages: messagesByVariant[v.id][language] });

/** The variant of a request, by the browser's rule (the request's host), speaking the request's language. */
export const variantOf = (request: FastifyRequest): ServerVariant => inLanguage(resolveVariant(request.host, variants), languageOf(request));

/** A variant's wire payload as the server checks it (wireRefusal). `passes` decides, stopping at the first error:
 *  compiled without Ajv's allErrors and the schema's messages, it takes half the full validator's time on a valid
 *  enrollment (22 µs against 43 µs of the request thread under the bench's load; 4 to 6 µs against 14 µs in a loop
 *  alone). `validate`, the browser's, then finds and words every error of one refused. Both come from one schema and
 *  one set of rules (compile-validators.ts), and tests/unit/wire-check.test.ts holds them to the same verdicts. */
export interface ServerWire extends WireModule {
  passes: (data: unknown) => boolean;
}

/** What the wire refuses in a body, or null when it accepts it. The check decides; a refusal is worded by the
 *  browser's validator, whose verdict stands should the two differ: a date rule (an age, an effective date) read
 *  on either side of midnight would otherwise refuse a body with no error to name. */
export function wireRefusal(wire: ServerWire, body: unknown): NonNullable<WireModule['validate']['errors']> | null {
  if (wire.passes(body) || wire.validate(body)) return null;
  return wire.validate.errors ?? [];
}

let wires: Record<string, ServerWire> | null = null;
/** Every variant's wire validator (its messages in English) and check, loaded once. */
export async function wireValidators(): Promise<Record<string, ServerWire>> {
  wires ??= Object.fromEntries(await Promise.all(Object.entries(wireModules).map(async ([id, load]) => [id, { ...(await load()), passes: await wireChecks[id]() }] as const)));
  return wires;
}

/** A validator's message (English, as built) in a language, by its English: the variant's own table (its wire
 *  payload's words), else the shared definitions' (the route bodies). */
const definitionMessages = definitions.messages as Record<string, Record<string, string>>;
const inLanguageOf = (message: string, language: string, variantId?: string) => (variantId ? translationsByVariant[variantId]?.[language]?.[message] : undefined) ?? definitionMessages[language]?.[message] ?? message;

/** Paths and messages only, each once: the rejected values are never echoed. Ajv's structural 'if' and 'anyOf'
 *  errors say nothing the failing branches' own messages do not. Messages in the variant's language (validators
 *  are built in English; their messages are put in the language here). */
export const describeErrors = (errors: Pick<ErrorObject, 'instancePath' | 'keyword' | 'message'>[] | null | undefined, variant?: Pick<ServerVariant, 'id' | 'language' | 'messages'>) => {
  const [messages, language] = variant ? [variant.messages, variant.language] : [siteMessages, languages[0]];
  const described = (errors ?? []).filter((e) => e.keyword !== 'if' && e.keyword !== 'anyOf').map((e) => ({ path: e.instancePath || '/', message: inLanguageOf(ourMessage(e, messages), language, variant?.id) }));
  return described.filter((d, i) => described.findIndex((o) => o.path === d.path && o.message === d.message) === i);
};

/** A schema's own message (ajv-errors), or the site's 'not valid': never a validator's default ('must be object'). */
export const ourMessage = (e: Pick<ErrorObject, 'keyword' | 'message'>, messages: Record<string, string> = siteMessages): string => (e.keyword === 'errorMessage' && e.message ? e.message : messages.requestInvalid);
