import { randomBytes } from 'node:crypto';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { freePort } from '../free-port';
import { ensureDatabase, startEmbeddedPostgres } from './embedded';

/**
 * Databases for the server's test suites (server/test) and the browser journeys (client/e2e, which
 * load this module from server/dist): one PostgreSQL per run (TEST_DATABASE_URL's server, or a
 * throw-away embedded cluster), one migrated template database in it, and a clone of the template
 * (`create database … template …`, a file copy) for each test file or journey server.
 */

/**
 * A cluster that lives for one test run: nothing in it must survive a crash of the machine, so it
 * does not wait for the disk (no fsync, commits not flushed, no full-page images). What the suites
 * test (transactions, locks, isolation, LISTEN/NOTIFY) is unchanged.
 */
export const THROW_AWAY_CLUSTER: Record<string, string> = { fsync: 'off', synchronous_commit: 'off', full_page_writes: 'off' };

export interface TestCluster {
  /** A URL of the cluster (any database in it: the helpers below connect to `postgres`). */
  adminUrl: string;
  /** Stops the throw-away cluster and removes its folder; nothing for a given server. */
  stop(): Promise<void>;
}

/** `adminUrl`'s server when given; otherwise a throw-away embedded cluster in a temporary folder `collab-<label>-pg-…`. */
export async function openTestCluster(adminUrl: string | undefined, label: string): Promise<TestCluster> {
  if (adminUrl) return { adminUrl, stop: async () => {} };
  const dir = await mkdtemp(path.join(os.tmpdir(), `collab-${label}-pg-`));
  await chmod(dir, 0o755);
  const cluster = await startEmbeddedPostgres({ dataDir: dir, port: await freePort(), database: 'postgres', settings: THROW_AWAY_CLUSTER });
  return {
    adminUrl: cluster.url,
    stop: async () => {
      await cluster.stop();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/**
 * Creates database `name` on `adminUrl`'s server and brings its schema up with `migrate` (the app's
 * `migrateDatabase`: the platform knows no schema). Returns its URL, for `cloneDatabase`.
 */
export async function createTemplateDatabase(adminUrl: string, name: string, migrate: (url: string) => Promise<void>): Promise<string> {
  const url = withDatabase(adminUrl, name);
  await ensureDatabase(url);
  await migrate(url);
  return url;
}

/** PostgreSQL's "source database is being accessed by other users": another session on the template at that instant. */
const OBJECT_IN_USE = '55006';

/** A new database `<prefix>_<random>` cloned from the template at `templateUrl`; returns its URL. */
export async function cloneDatabase(templateUrl: string, prefix: string): Promise<string> {
  const template = databaseName(templateUrl);
  const url = withDatabase(templateUrl, `${prefix}_${randomBytes(6).toString('hex')}`);
  for (let attempt = 0; ; attempt++) {
    try {
      await onAdmin(templateUrl, `create database "${databaseName(url)}" template "${template}"`);
      return url;
    } catch (err) {
      // PostgreSQL refuses a template another clone is copying at the same instant: try again shortly.
      if ((err as { code?: string }).code !== OBJECT_IN_USE || attempt > 30) throw err;
      await new Promise((r) => setTimeout(r, 100 + Math.random() * 200));
    }
  }
}

/** Drops the database named in `url` (closing its connections). */
export function dropDatabase(url: string): Promise<void> {
  return onAdmin(url, `drop database if exists "${databaseName(url)}" with (force)`);
}

export function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

const databaseName = (url: string) => new URL(url).pathname.slice(1);

async function onAdmin(url: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: withDatabase(url, 'postgres') });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}
