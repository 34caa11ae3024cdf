/** Telling 'the database cannot serve us now' (an answer of 503) from every other database error. */

/** Thrown by our own database layer: a query past its time limit, or an engine that is closed or gone. */
export class DatabaseUnavailableError extends Error {
  constructor(
    message: string,
    public code = 'DB_UNAVAILABLE',
  ) {
    super(message);
  }
}

// Network errors, and SQLSTATE classes that say nothing about the statement: 08 connection exception,
// 53 insufficient resources (too many connections, disk full), 57 operator intervention (57014 statement timeout,
// 57P01-57P03 shutting down or not accepting connections), 58 system error, 28 the server refused our login.
const NETWORK = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH', 'EPIPE', 'DB_UNAVAILABLE']);
const CLASSES = ['08', '53', '57', '58', '28'];
// 3D000 the database does not exist; 55000 it does not allow connections; 55P03 a lock could not be had in time;
// 40001 and 40P01 a serialisation failure or deadlock, worth retrying later.
const STATES = new Set(['3D000', '55000', '55P03', '40001', '40P01']);
const MESSAGES = /timeout exceeded when trying to connect|Connection terminated|Query read timeout|connection error and is not queryable|Cannot use a pool after calling end|PGlite is closed|the database system is/i;

export function isDatabaseUnavailable(e: unknown): boolean {
  if (e instanceof DatabaseUnavailableError) return true;
  const err = (e ?? {}) as { code?: unknown; message?: unknown };
  const code = typeof err.code === 'string' ? err.code : '';
  if (NETWORK.has(code) || STATES.has(code)) return true;
  if (/^[0-9A-Z]{5}$/.test(code) && CLASSES.includes(code.slice(0, 2))) return true;
  return typeof err.message === 'string' && MESSAGES.test(err.message);
}
