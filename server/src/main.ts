import 'reflect-metadata';
import type { AddressInfo } from 'node:net';
import pino from 'pino';
import { ConfigError, loadConfig } from './config';
import { openDatabase } from './db/database';
import { seedDemoData } from './db/seeders/demo';
import { createServer } from './server';

async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  const logger = pino({ level: config.LOG_LEVEL });
  const db = await openDatabase(config, (msg) => logger.info(msg));
  logger.info({ embedded: db.embedded }, 'database ready, migrations applied');
  const server = await createServer({ config, orm: db.orm, logger, databaseUrl: db.url });
  // Demo marketplace on an empty database only (SEED_DEMO_DATA); prints the demo logins.
  if (config.SEED_DEMO_DATA) await seedDemoData(db.orm, server.services, (line) => console.log(line), server.deps.clock);
  await new Promise<void>((resolve) => server.httpServer.listen(config.PORT, config.HOST, resolve));
  const { port } = server.httpServer.address() as AddressInfo;
  const url = config.PUBLIC_URL ?? `http://localhost:${port}`;
  logger.info({ url }, 'server listening');
  await server.jobs.start();
  console.log(`\n  CollabHub is running at ${url}\n  GraphQL: ${url}/graphql   REST: ${url}/api/v1\n`);

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down: draining requests');
    const force = setTimeout(() => {
      logger.error('shutdown timed out; exiting');
      process.exit(1);
    }, 15_000);
    force.unref();
    try {
      await server.close();
      await server.jobs.stop();
      await db.close();
      logger.info('shutdown complete');
      process.exit(0);
    } catch (err) {
      logger.error({ err }, 'error during shutdown');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}

main().catch((err) => {
  console.error('Failed to start:', err instanceof Error ? err.message : err);
  process.exit(1);
});
