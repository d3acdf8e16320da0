import pg from 'pg';
import { startEmbeddedPostgres } from '../src/platform/db/embedded';
import { withDatabase } from '../src/platform/db/test-databases';
import { MikroORM } from '@mikro-orm/postgresql';
import type { BenchSettings } from './settings';
import { ormOptions } from '../src/app/init-orm';

export interface BenchDatabase {
  /** The bench database (migrated). */
  url: string;
  /** Created empty by this run (to be seeded); false when `--reuse-data` kept the last run's. */
  fresh: boolean;
  stop(): Promise<void>;
}

/**
 * A fresh, migrated database for this run (or the last run's, migrated, with `--reuse-data`): on BENCH_DATABASE_URL's server when given, otherwise on
 * an embedded PostgreSQL with its own data folder and port. Only the bench's own database
 * (`collab_bench` / `collab_bench_smoke`) is ever dropped.
 */
export async function openBenchDatabase(settings: BenchSettings, log: (line: string) => void): Promise<BenchDatabase> {
  const embedded = settings.externalDatabaseUrl
    ? undefined
    : await startEmbeddedPostgres({ dataDir: settings.dataDir, port: settings.embeddedPgPort, database: 'postgres', log });
  const serverUrl = settings.externalDatabaseUrl ?? embedded!.url;
  const url = withDatabase(serverUrl, settings.databaseName);
  const admin = new pg.Client({ connectionString: withDatabase(serverUrl, 'postgres') });
  await admin.connect();
  let fresh = true;
  try {
    const exists = (await admin.query('select 1 from pg_database where datname = $1', [settings.databaseName])).rowCount === 1;
    fresh = !(settings.reuseData && exists);
    if (fresh) {
      await admin.query(`drop database if exists "${settings.databaseName}" with (force)`);
      await admin.query(`create database "${settings.databaseName}"`);
    }
  } finally {
    await admin.end();
  }
  const orm = await MikroORM.init({ ...ormOptions({ clientUrl: url }), logger: () => {} });
  await orm.getMigrator().up();
  // Runs are too short for autovacuum to keep up: without this, every reuse would start with the
  // dead rows of the earlier runs' bookings and slots (100,000 after a dozen runs) and run slower.
  if (!fresh) await orm.em.getConnection().execute('vacuum analyze');
  await orm.close(true);
  return { url, fresh, stop: async () => embedded?.stop() };
}
