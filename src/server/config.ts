/** Server configuration, from the environment (documented in README). */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { randomBytes } from 'node:crypto';
import { isIP } from 'node:net';

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  dataKey: Buffer;
  maintenance: boolean;
  logLevel: string;
  production: boolean;
  /** Proof-of-work cost of a captcha challenge. */
  captchaCost: number;
  distDir: string;
  /** The metrics listener's port (off when unset) and address. */
  metricsPort?: number;
  metricsHost: string;
  /** A database statement that has not finished by then fails, and the request answers 503. */
  dbQueryTimeoutMs: number;
  /** Proxies whose X-Forwarded-For is believed (addresses or CIDR ranges); none by default, so a client cannot
   *  forge its address and multiply the rate limits. */
  trustProxy: string[];
  /** Redis for rate limits shared by several instances; each process counts alone without it. */
  redisUrl?: string;
  /** Prefix of the rate-limit keys in Redis, so sites (or test runs) sharing one Redis count apart. */
  redisPrefix: string;
  /** Requests per minute per client: [lookups, SSN checks, enrollments]. */
  rateLimits: [number, number, number];
  /** A request whose headers and body have not all arrived by then is cut and answered 408 (its headers alone get
   *  a tenth of it, at most 10 s). */
  requestTimeoutMs: number;
  /** Open connections one client address may hold; more are closed as they come. Off (0) behind a proxy named in
   *  TRUST_PROXY, where every connection comes from the proxy. */
  connectionsPerClient: number;
  /** Days an identity document is kept after it was received, then deleted (README: why 90). */
  documentRetentionDays: number;
  /** Document uploads one process reads at once (each file is held while it is encrypted, up to the file limit). */
  uploadsInFlight: number;
}

export class ConfigError extends Error {}

function readKey(env: NodeJS.ProcessEnv, dataDir: string, warn: (msg: string) => void): Buffer {
  const production = env.NODE_ENV === 'production';
  if (env.HSA_DATA_KEY) {
    const key = Buffer.from(env.HSA_DATA_KEY, 'base64');
    if (key.length !== 32) throw new ConfigError('HSA_DATA_KEY must be 32 bytes, base64-encoded (openssl rand -base64 32)');
    return key;
  }
  if (production) throw new ConfigError('HSA_DATA_KEY is required when NODE_ENV=production: set a base64 32-byte key (openssl rand -base64 32)');
  // Development default: a key kept beside the embedded database, created once.
  const file = join(dataDir, 'data.key');
  if (!existsSync(file)) {
    mkdirSync(dataDir, { recursive: true, mode: 0o700 });
    writeFileSync(file, randomBytes(32).toString('base64'), { mode: 0o600 });
    warn(`HSA_DATA_KEY is not set: created a development key in ${file}. Set HSA_DATA_KEY in production.`);
  }
  return Buffer.from(readFileSync(file, 'utf8').trim(), 'base64');
}

function portOf(value: string, name: string): number {
  const port = Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new ConfigError(`${name} must be a port number, not '${value}'`);
  return port;
}

/** proxy-addr's names for address ranges, accepted as Fastify's trustProxy accepts them. */
const PROXY_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);

export function parseTrustProxy(value: string | undefined): string[] {
  const entries = (value ?? '').split(',').map((s) => s.trim()).filter(Boolean);
  for (const entry of entries) {
    const [address, bits, extra] = entry.split('/');
    const version = isIP(address);
    const maxBits = version === 4 ? 32 : 128;
    // rule-scan: a CIDR prefix length, configuration and not a field of the form
    const ok = PROXY_RANGES.has(entry) || (version !== 0 && extra === undefined && (bits === undefined || (/^\d{1,3}$/.test(bits) && Number(bits) <= maxBits)));
    if (!ok) throw new ConfigError(`TRUST_PROXY must list proxy addresses or CIDR ranges separated by commas, not '${entry}'`);
  }
  return entries;
}

export const DEFAULT_RATE_LIMITS: [number, number, number] = [120, 30, 20];

export function parseRateLimits(value: string | undefined): [number, number, number] {
  if (value === undefined || value.trim() === '') return DEFAULT_RATE_LIMITS;
  const parts = value.split(',').map((s) => s.trim());
  // rule-scan: requests per minute, configuration and not a field of the form
  if (parts.length !== 3 || !parts.every((p) => /^[1-9]\d{0,6}$/.test(p))) throw new ConfigError(`RATE_LIMITS must be three whole numbers per minute, lookups,ssn,enroll (e.g. 120,30,20), not '${value}'`);
  return parts.map(Number) as [number, number, number];
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, warn: (msg: string) => void = console.warn): Config {
  const dataDir = resolve(env.DATA_DIR ?? './data');
  const port = portOf(env.PORT ?? '8080', 'PORT');
  const dbQueryTimeoutMs = wholeNumber(env, 'DB_QUERY_TIMEOUT_MS', 5000, 1, 'milliseconds');
  const trustProxy = parseTrustProxy(env.TRUST_PROXY);
  return {
    port,
    host: env.HOST ?? '127.0.0.1',
    dataDir,
    databaseUrl: env.DATABASE_URL || undefined,
    dataKey: readKey(env, dataDir, warn),
    maintenance: env.MAINTENANCE === '1',
    logLevel: env.LOG_LEVEL ?? 'info',
    production: env.NODE_ENV === 'production',
    captchaCost: Number(env.CAPTCHA_COST ?? 1000),
    distDir: resolve(env.DIST_DIR ?? 'dist'),
    metricsPort: env.METRICS_PORT ? portOf(env.METRICS_PORT, 'METRICS_PORT') : undefined,
    metricsHost: env.METRICS_HOST ?? '127.0.0.1',
    dbQueryTimeoutMs,
    trustProxy,
    redisUrl: env.REDIS_URL || undefined,
    redisPrefix: env.REDIS_PREFIX || 'hsa-rate-limit:',
    rateLimits: parseRateLimits(env.RATE_LIMITS),
    requestTimeoutMs: wholeNumber(env, 'REQUEST_TIMEOUT_MS', 120_000, 1000, 'milliseconds'),
    connectionsPerClient: wholeNumber(env, 'CONNECTIONS_PER_CLIENT', trustProxy.length ? 0 : 100, 0, 'connections'),
    uploadsInFlight: wholeNumber(env, 'UPLOADS_IN_FLIGHT', 2, 1, 'uploads'),
    documentRetentionDays: wholeNumber(env, 'DOCUMENT_RETENTION_DAYS', 90, 1, 'days'),
  };
}

function wholeNumber(env: NodeJS.ProcessEnv, name: string, fallback: number, min: number, unit: string): number {
  const value = env[name];
  if (value === undefined || value.trim() === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < min) throw new ConfigError(`${name} must be a whole number of ${unit}, at least ${min}, not '${value}'`);
  return n;
}
