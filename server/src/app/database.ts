import type { Config } from '../platform/config';
import { sqlStatementKinds, sqlStatementsTotal, statementKind } from '../platform/observability/metrics';
import { startEmbeddedPostgres } from '../platform/db/embedded';
import type { Orm } from '../platform/db/orm';
import { initOrm } from './init-orm';
import type { DatabaseSupervisor } from '../platform/db/supervisor';

export interface Database {
  orm: Orm;
  url: string;
  embedded: boolean;
  /** The embedded database's supervisor (restarts it when it dies); absent with DATABASE_URL. */
  supervisor?: DatabaseSupervisor;
  close(): Promise<void>;
}

/**
 * DATABASE_URL when set; otherwise an embedded PostgreSQL whose data stays under DATA_DIR.
 * Migrations run unless `migrate` is false (another instance migrated the database). An embedded
 * database this process started is supervised: restarted when it dies (db/supervisor.ts).
 */
export async function openDatabase(config: Config, log: (msg: string) => void = () => {}, { migrate = true } = {}): Promise<Database> {
  const embedded = config.DATABASE_URL
    ? undefined
    : await startEmbeddedPostgres({ dataDir: config.DATA_DIR, port: config.EMBEDDED_PG_PORT, database: 'collab', log });
  const url = config.DATABASE_URL ?? embedded!.url;
  try {
    const orm = await initOrm({ clientUrl: url, onQuery: config.SQL_STATEMENT_COUNTER
        ? (sql: string) => {
            sqlStatementsTotal.inc();
            sqlStatementKinds.inc({ statement: statementKind(sql) });
          }
        : undefined, migrate });
    const supervisor = embedded?.supervise({ log: (msg, err) => log(err ? `${msg}: ${err instanceof Error ? err.message : String(err)}` : msg) }) ?? undefined;
    return {
      orm,
      url,
      embedded: Boolean(embedded),
      supervisor,
      close: async () => {
        await orm.close(true);
        await embedded?.stop();
      },
    };
  } catch (err) {
    await embedded?.stop();
    throw err;
  }
}
