import type { AddressInfo } from 'node:net';
import type { Logger } from 'pino';
import type { Config } from '../config';
import { openDatabase } from '../db/database';
import { seedDemoData } from '../db/seeders/demo';
import { createServer, type CreateServerOptions } from '../server';
import { stopOnSignals } from './shutdown';

export interface ServeOptions {
  config: Config;
  logger: Logger;
  /** false in a cluster worker: the primary migrated before forking it. */
  migrate: boolean;
  /** Fill an empty database with the demo marketplace first (prints the demo logins). */
  seedDemo: boolean;
  /** Print where the product runs once listening (a cluster's primary prints it once for all). */
  announce: boolean;
  /** What GET /metrics serves, from this process's registry (a cluster worker: the cluster's aggregate). */
  metricsSource?: CreateServerOptions['metricsSource'];
}

/**
 * One server process: database, HTTP + WebSocket server, background jobs, and a drain on
 * SIGTERM/SIGINT in this order: stop accepting and finish requests → stop jobs → close the pool →
 * stop an embedded PostgreSQL this process started.
 */
export async function serve(opts: ServeOptions): Promise<void> {
  const { config, logger } = opts;
  const db = await openDatabase(config, (msg) => logger.info(msg), { migrate: opts.migrate });
  logger.info({ embedded: db.embedded, migrated: opts.migrate }, 'database ready');
  const server = await createServer({ config, orm: db.orm, logger, databaseUrl: db.url, metricsSource: opts.metricsSource });
  if (opts.seedDemo) await seedDemoData(db.orm, server.services, (line) => console.log(line), server.deps.clock);
  await new Promise<void>((resolve) => server.httpServer.listen(config.PORT, config.HOST, resolve));
  const { port } = server.httpServer.address() as AddressInfo;
  const url = config.PUBLIC_URL ?? `http://localhost:${port}`;
  logger.info({ url }, 'server listening');
  await server.jobs.start();
  if (opts.announce) announce(url, config);

  stopOnSignals(logger, 15_000, async () => {
    await server.close();
    await server.jobs.stop();
    await db.close();
  });
}

export function announce(url: string, config: Pick<Config, 'mailMode'>): void {
  const mail = config.mailMode === 'catcher' ? `\n  E-mail:  ${url}/dev/mailbox (caught on this machine; set SMTP_URL to send for real)` : '';
  console.log(`\n  CollabHub is running at ${url}\n  GraphQL: ${url}/graphql   REST: ${url}/api/v1${mail}\n`);
}
