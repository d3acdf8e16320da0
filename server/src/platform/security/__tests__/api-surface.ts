import pino from 'pino';
import type { Router } from 'express';
import type { TestApp } from '../../../../test/harness';
import { restRouter } from '../../../app/rest-router';

/** Helpers for the suites that walk the whole API (not a test file). */

export interface RestRoute {
  method: string;
  /** The express path, e.g. /bookings/:id/cancel (under /api/v1). */
  path: string;
}

interface Layer {
  route?: { path: string; methods: Record<string, boolean> };
  handle?: { stack?: Layer[] };
}

/** Every REST route mounted by rest/router.ts, found by walking express's router stack. */
export function restRoutes(): RestRoute[] {
  const walk = (stack: Layer[]): RestRoute[] =>
    stack.flatMap((layer) => {
      if (layer.route) return Object.keys(layer.route.methods).filter((m) => m !== '_all').map((m) => ({ method: m.toUpperCase(), path: layer.route!.path }));
      return layer.handle?.stack ? walk(layer.handle.stack) : [];
    });
  return walk((restRouter(pino({ level: 'silent' })) as Router & { stack: Layer[] }).stack);
}

export const isWrite = (r: RestRoute) => !['GET', 'HEAD', 'OPTIONS'].includes(r.method);

/** Tables whose rows are expected to change on refused calls (counters of refusals themselves, and of API-key requests). */
const VOLATILE = new Set(['rate_limits', 'mikro_orm_migrations', 'api_key_usage']);

/** The snapshot statement of each app's database: the tables are read once (the schema does not change during a test). */
const snapshotStatements = new WeakMap<TestApp, Promise<string>>();

async function snapshotStatement(app: TestApp): Promise<string> {
  const tables: { table_name: string; has_updated: boolean }[] = await app.orm.em.fork().getConnection().execute(
    `select t.table_name, exists (select 1 from information_schema.columns c
              where c.table_schema = 'public' and c.table_name = t.table_name and c.column_name = 'updated_at') as has_updated
       from information_schema.tables t
      where t.table_schema = 'public' and t.table_type = 'BASE TABLE'
      order by t.table_name`,
  );
  const parts = tables
    .filter((t) => !VOLATILE.has(t.table_name))
    .map((t) => `(select count(*)::text${t.has_updated ? ` || '@' || coalesce(max(updated_at)::text, '-')` : ''} from "${t.table_name}") as "${t.table_name}"`);
  return `select ${parts.join(', ')}`;
}

/**
 * Row counts of every application table, plus the newest `updated_at` where a table has one:
 * equal snapshots before and after a refused call mean it wrote nothing.
 */
export async function dbSnapshot(app: TestApp): Promise<Record<string, string>> {
  let statement = snapshotStatements.get(app);
  if (!statement) snapshotStatements.set(app, (statement = snapshotStatement(app)));
  const [row] = await app.orm.em.fork().getConnection().execute(await statement);
  return row as Record<string, string>;
}
