import { DataloaderType, MikroORM, PostgreSqlDriver, type Options } from '@mikro-orm/postgresql';
import { Migrator } from '@mikro-orm/migrations';
import { modules } from './modules';
import { migrationsList } from '../db/migrations';
import type { Orm } from '../platform/db/orm';

export interface OrmOptions {
  clientUrl: string;
  poolMax?: number;
  /** Called with each SQL statement (tests count statements; benchmarks too). */
  onQuery?: (sql: string) => void;
  /** false: the schema is someone else's to migrate (a second instance on a database the first one migrated). */
  migrate?: boolean;
}

export function ormOptions(opts: OrmOptions): Options {
  return {
    driver: PostgreSqlDriver,
    clientUrl: opts.clientUrl,
    // Discovery is explicit (no folder scan): every module's own entities.
    entities: modules.flatMap((m) => m.entities ?? []),
    extensions: [Migrator],
    migrations: { migrationsList, transactional: true, allOrNothing: true, disableForeignKeys: false },
    dataloader: DataloaderType.ALL,
    allowGlobalContext: false,
    forceUtcTimezone: true,
    pool: { min: 0, max: opts.poolMax ?? 20 },
    discovery: { warnWhenNoEntities: false },
  };
}

/** Connects and brings the schema up to date (unless `migrate: false`). Never schema sync. */
export async function initOrm(opts: OrmOptions): Promise<Orm> {
  const orm = await MikroORM.init(ormOptions(opts));
  const { onQuery } = opts;
  // The query builder's own event: every statement sent (BEGIN and COMMIT too), at the cost of a
  // function call. The ORM's debug log would also time, format and print each one (about a tenth
  // of a busy server's CPU).
  if (onQuery) orm.em.getKnex().on('query', (query: { sql: string }) => onQuery(query.sql));
  if (opts.migrate !== false) await orm.getMigrator().up();
  return orm;
}

/** Brings the schema of the database at `url` up to date and disconnects (a test run's template database). */
export async function migrateDatabase(url: string): Promise<void> {
  const orm = await initOrm({ clientUrl: url });
  await orm.close(true);
}
