/** Server configuration, from the environment (documented in README). */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { randomBytes } from 'node:crypto';

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
    mkdirSync(dataDir, { recursive: true });
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

export function loadConfig(env: NodeJS.ProcessEnv = process.env, warn: (msg: string) => void = console.warn): Config {
  const dataDir = resolve(env.DATA_DIR ?? './data');
  const port = portOf(env.PORT ?? '8080', 'PORT');
  const dbQueryTimeoutMs = Number(env.DB_QUERY_TIMEOUT_MS ?? 5000);
  if (!Number.isInteger(dbQueryTimeoutMs) || dbQueryTimeoutMs < 1) throw new ConfigError('DB_QUERY_TIMEOUT_MS must be a whole number of milliseconds');
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
  };
}
