/** Start-up: configuration, database, migrations, demo data, listen; a graceful stop on SIGTERM. */
import { loadConfig, ConfigError } from './config';
import { openDatabase } from './database';
import { buildApp } from './app';
import { createMetrics, serveMetrics } from './metrics';

export async function main(): Promise<void> {
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
  const db = await openDatabase(config);
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
      await app.close();
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
