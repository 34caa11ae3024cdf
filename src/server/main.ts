/** Start-up: configuration, database, migrations, demo data, listen; a graceful stop on SIGTERM. */
import { loadConfig, ConfigError } from './config';
import { describeStartupError, openDatabase } from './database';
import { buildApp, closeApp } from './app';
import { createMetrics, serveMetrics } from './metrics';

/** How long a stop waits for requests in flight before it closes every connection. */
const SHUTDOWN_GRACE_MS = 10_000;

export async function main(): Promise<void> {
  // Whatever the shell's umask: every file the server writes (the embedded database, the development key) is the
  // server's alone, 0600 in 0700 folders.
  process.umask(0o077);
  let config;
  try {
    config = loadConfig();
  } catch (e) {
    if (e instanceof ConfigError) {
      console.error(`Configuration error: ${e.message}`);
      process.exit(1);
    }
    throw e;
  }
  let db;
  try {
    db = await openDatabase(config);
  } catch (e) {
    // One line an operator can act on, never a stack trace (and never the address's password).
    console.error(`The database could not be opened: ${describeStartupError(e, config.databaseUrl)}`);
    process.exit(1);
  }
  const metrics = createMetrics();
  const app = await buildApp({ db, config, metrics });
  // Metrics on their own port, never the public one; off unless METRICS_PORT is set.
  const metricsServer = config.metricsPort === undefined ? null : await serveMetrics(metrics, config.metricsPort, config.metricsHost);
  const address = await app.listen({ port: config.port, host: config.host });
  console.log(`HSA enrollment is running on ${address.replace('0.0.0.0', '127.0.0.1')}/enrollment${config.databaseUrl ? '' : ' (embedded database)'}`);
  // Stop taking connections, let requests in flight finish, close the database, exit.
  const stop = async (signal: NodeJS.Signals) => {
    app.log.info({ signal }, 'stopping');
    try {
      await closeApp(app, SHUTDOWN_GRACE_MS);
      await metricsServer?.close();
      await db.close();
    } finally {
      process.exit(0);
    }
  };
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
}

if (import.meta.url === `file://${process.argv[1]}`) void main();
