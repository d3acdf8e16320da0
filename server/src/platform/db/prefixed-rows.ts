import { ReferenceKind, type EntityClass, type EntityDictionary } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';

/**
 * Several entities from one hand-written statement: each table's columns are selected under its
 * alias as `alias__column`, and each entity is cut out of the row and merged into the
 * EntityManager, typed as a query of the ORM would give it. For hot reads where one joined
 * statement replaces several ORM queries (a live delivery reads its booking, both parties and
 * its facts at once).
 */
const columnsCache = new Map<string, { columns: string[]; primaryKey: string }>();

/** The columns an ORM load reads (scalars and owned references; lazy ones are left out). */
function columnsOf(em: EntityManager, entity: EntityClass<object>): { columns: string[]; primaryKey: string } {
  let cached = columnsCache.get(entity.name);
  if (!cached) {
    const meta = em.getMetadata().get(entity.name);
    const columns = meta.props
      .filter((p) => !p.lazy && p.persist !== false && (p.kind === ReferenceKind.SCALAR || p.kind === ReferenceKind.MANY_TO_ONE || (p.kind === ReferenceKind.ONE_TO_ONE && p.owner)))
      .flatMap((p) => p.fieldNames);
    cached = { columns, primaryKey: meta.getPrimaryProps()[0].fieldNames[0] };
    columnsCache.set(entity.name, cached);
  }
  return cached;
}

const selectListCache = new Map<string, string>();

/** `"s"."id" as "s__id", …`: the select list of `entity` under `alias`. */
export function prefixedColumns(em: EntityManager, entity: EntityClass<object>, alias: string): string {
  const key = `${entity.name} ${alias}`;
  let list = selectListCache.get(key);
  if (list === undefined) {
    list = columnsOf(em, entity).columns.map((c) => `"${alias}"."${c}" as "${alias}__${c}"`).join(', ');
    selectListCache.set(key, list);
  }
  return list;
}

/** The `alias` entity of a row selected with `prefixedColumns`, managed by `em`; null when an outer join found none. */
export function mapPrefixed<T extends object>(em: EntityManager, entity: EntityClass<T>, row: Record<string, unknown>, alias: string): T | null {
  const { columns, primaryKey } = columnsOf(em, entity);
  if (row[`${alias}__${primaryKey}`] == null) return null;
  const own: Record<string, unknown> = {};
  for (const c of columns) own[c] = row[`${alias}__${c}`];
  return em.map(entity, own as EntityDictionary<T>);
}
