import type { AddressInfo } from 'node:net';
import type { Logger } from 'pino';
import type { Config } from '../../platform/config';
import { openDatabase, type Database } from '../database';
import { knownPasswordAccounts, seedDemoData } from '../seeders/demo';
import { createServer } from '../server';
import { stopOnSignals } from './shutdown';

export interface ServeOptions {
  config: Config;
  logger: Logger;
  /** Bring the schema up to date first (docker-compose starts the second replica once the first is healthy, so they run once). */
  migrate: boolean;
  /** Fill an empty database with the demo marketplace first (prints the demo logins). */
  seedDemo: boolean;
  /** Print where the product runs once listening. */
  announce: boolean;
}

/**
 * One server process: database, HTTP + WebSocket server, background jobs, and a drain on
 * SIGTERM/SIGINT in this order: stop accepting and finish requests → stop jobs → close the pool →
 * stop an embedded PostgreSQL this process started. That database is supervised (restarted when it
 * dies); when it cannot be restarted the process exits with 1.
 */
export async function serve(opts: ServeOptions): Promise<void> {
  const { config, logger } = opts;
  const db = await openDatabase(config, (msg) => logger.info(msg), { migrate: opts.migrate });
  logger.info({ embedded: db.embedded, migrated: opts.migrate }, 'database ready');
  if (config.isProduction) await refuseKnownPasswords(db);
  const server = await createServer({ config, orm: db.orm, logger, databaseUrl: db.url, databaseSupervisor: db.supervisor });
  if (opts.seedDemo) await seedDemoData(db.orm, server.services, (line) => console.log(line), server.deps.clock);
  await new Promise<void>((resolve) => server.httpServer.listen(config.PORT, config.HOST, resolve));
  const { port, address } = server.httpServer.address() as AddressInfo;
  const url = config.PUBLIC_URL ?? `http://localhost:${port}`;
  logger.info({ url, address, port }, 'server listening');
  await server.jobs.start();
  if (opts.announce) announce(url, config);

  const stop = stopOnSignals(logger, 15_000, async () => {
    await server.close();
    await server.jobs.stop();
    await db.close();
  });
  exitWhenDatabaseCannotRestart(db, logger, stop);
}

/** Production never serves accounts anyone can sign in to (demo data, the demo password on a support account). */
export async function refuseKnownPasswords(db: Database): Promise<void> {
  const accounts = await knownPasswordAccounts(db.orm);
  if (accounts.length === 0) return;
  await db.close();
  throw new Error(
    `refusing to start in production: ${accounts.length} account(s) have a published password (demo data or the demo password): ${accounts.slice(0, 5).join(', ')}${accounts.length > 5 ? ', …' : ''}. ` +
      'Start on a database without demo data, and give support accounts their own password (pnpm --filter server support:create <email>).',
  );
}

/** The embedded database died and could not be restarted: exit non-zero so an outer supervisor restarts everything. */
export function exitWhenDatabaseCannotRestart(db: Database, logger: Logger, stop: (reason: string, exitCode: number) => Promise<void>): void {
  db.supervisor?.onChange((state) => {
    if (state !== 'failed') return;
    logger.fatal('embedded PostgreSQL could not be restarted; exiting with code 1');
    void stop('embedded database could not be restarted', 1);
  });
}

export function announce(url: string, config: Pick<Config, 'mailMode' | 'HOST'>): void {
  const mail = config.mailMode === 'catcher' ? `\n  E-mail:  ${url}/dev/mailbox (caught on this machine; set SMTP_URL to send for real)` : '';
  const local = ['127.0.0.1', 'localhost', '::1'].includes(config.HOST)
    ? `\n  Only this machine can reach it (HOST=${config.HOST}); HOST=0.0.0.0 exposes it to your network, mailbox and demo logins included.`
    : '';
  console.log(`\n  CollabHub is running at ${url}\n  GraphQL: ${url}/graphql   REST: ${url}/api/v1${mail}${local}\n`);
}
