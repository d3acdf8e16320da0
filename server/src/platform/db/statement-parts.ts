import type { EntityManager } from '@mikro-orm/postgresql';
import { preparedQuery } from './prepared';

/**
 * A write that can travel inside a bigger data-modifying statement (`with a as (...), b as (...)
 * select ...`): several writes of one change become one round trip to PostgreSQL instead of one
 * each. Every sub-statement of such a statement sees the same snapshot and runs whatever the
 * others return, so parts must not depend on each other's effects (a part may read another's
 * CTE by name when it says so).
 */
export interface StatementPart {
  /** The CTE names it defines (unique within a statement). */
  names: readonly string[];
  /** `a as (...), b as (...)`, with `?` placeholders. */
  ctes: string;
  params: readonly unknown[];
  /** What the final select reads from its CTEs, as scalar subqueries with unique aliases: `(select count(*) from a)::int as a_n`. */
  columns: string;
  /** Called with the statement's one row once it ran. */
  after?(row: Record<string, unknown>): Promise<void> | void;
}

/** `parts` as one statement (in `em`'s transaction, if any), then each part's `after`, in order. */
export async function runTogether(em: EntityManager, parts: readonly StatementPart[]): Promise<void> {
  const names = parts.flatMap((p) => p.names);
  if (new Set(names).size !== names.length) throw new Error(`statement parts define the same CTE twice: ${names.join(', ')}`);
  const sql = `with ${parts.map((p) => p.ctes).join(', ')} select ${parts.map((p) => p.columns).join(', ')}`;
  const { rows } = await preparedQuery(em, sql, parts.flatMap((p) => p.params));
  for (const part of parts) await part.after?.(rows[0]);
}

/** Whether `parts` can go in one statement (no CTE name twice). */
export const fitTogether = (parts: readonly StatementPart[]) => {
  const names = parts.flatMap((p) => p.names);
  return new Set(names).size === names.length;
};

/** Each part as a statement of its own, in order (when they cannot travel together). */
export async function runApart(em: EntityManager, parts: readonly StatementPart[]): Promise<void> {
  for (const part of parts) await runTogether(em, [part]);
}
