import { JsonType, OptimisticLockError, ReferenceKind, wrap, type EntityClass, type EntityMetadata, type EntityProperty } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { StatementPart } from './statement-parts';

/**
 * ORM entities' writes as parts of one statement (db/statement-parts.ts), for hot changes whose
 * writes would otherwise be a flush of several statements: the update of one managed entity's
 * changed columns (with its version check) and plain inserts. Only scalar columns; anything else
 * (relations changed in memory, entities to cascade) is left to the ORM's flush.
 */

type Wrapped = { __meta: EntityMetadata; __initialized: boolean; __originalEntityData?: Record<string, unknown> };
const internals = (entity: object) => wrap(entity, true) as unknown as Wrapped;

/** The properties of a managed entity changed in memory since it was read or flushed; null when unknown. */
function changedProps(em: EntityManager, entity: object): string[] | null {
  const wrapped = internals(entity);
  if (!wrapped.__initialized) return [];
  if (!wrapped.__originalEntityData) return null;
  const comparator = em.getComparator();
  return Object.keys(comparator.diffEntities(wrapped.__meta.className, wrapped.__originalEntityData, comparator.prepareEntity(entity) as Record<string, unknown>));
}

/** Whether `entity` is the only entity `em` would write on a flush (nothing new, removed or otherwise changed). */
export function onlyChanged(em: EntityManager, entity: object): boolean {
  const uow = em.getUnitOfWork();
  if (uow.getPersistStack().size > 0 || uow.getRemoveStack().size > 0) return false;
  for (const other of uow.getIdentityMap()) {
    if (other === entity) continue;
    const changed = changedProps(em, other);
    if (changed === null || changed.length > 0) return false;
  }
  return true;
}

const column = (prop: EntityProperty) => `"${prop.fieldNames[0]}"`;
const toDatabase = (prop: EntityProperty, value: unknown) => (value != null && prop.customType instanceof JsonType ? JSON.stringify(value) : value);

/**
 * The update of `entity`'s changed scalar columns (and its `onUpdate` stamps), conditional on its
 * version like the ORM's own, as the CTE `name`; null when it has nothing the part can write (no
 * change, or a changed relation). Once it ran, the entity is clean in `em` at its new version; no
 * row updated throws OptimisticLockError, as a flush would.
 */
export function updatePart(em: EntityManager, entity: object, name: string): StatementPart | null {
  const changed = changedProps(em, entity);
  if (!changed || changed.length === 0) return null;
  const meta = internals(entity).__meta;
  const record = entity as Record<string, unknown>;
  const sets: string[] = [];
  const params: unknown[] = [];
  const stamps: Record<string, unknown> = {};
  for (const key of changed) {
    const prop = meta.properties[key as never] as EntityProperty;
    if (!prop || prop.kind !== ReferenceKind.SCALAR || prop.version || prop.primary) return null;
    sets.push(`${column(prop)} = ?`);
    params.push(toDatabase(prop, record[key]));
  }
  for (const prop of meta.props) {
    if (!prop.onUpdate || changed.includes(prop.name)) continue;
    stamps[prop.name] = prop.onUpdate(entity, em);
    sets.push(`${column(prop)} = ?`);
    params.push(toDatabase(prop, stamps[prop.name]));
  }
  const pk = meta.properties[meta.primaryKeys[0]] as EntityProperty;
  const version = meta.versionProperty ? (meta.properties[meta.versionProperty] as EntityProperty) : null;
  if (version) sets.push(`${column(version)} = ${column(version)} + 1`);
  params.push(record[pk.name]);
  if (version) params.push(record[version.name]);
  return {
    names: [name],
    ctes: `${name} as (update "${meta.tableName}" set ${sets.join(', ')} where ${column(pk)} = ?${version ? ` and ${column(version)} = ?` : ''} returning 1)`,
    params,
    columns: `(select count(*) from ${name})::int as ${name}`,
    after: (row) => {
      if (Number(row[name]) === 0) throw OptimisticLockError.lockFailed(entity);
      Object.assign(record, stamps);
      if (version) record[version.name] = (record[version.name] as number) + 1;
      internals(entity).__originalEntityData = em.getComparator().prepareEntity(entity) as Record<string, unknown>;
    },
  };
}

/** A plain insert of one row of `entity`'s table from its properties' values (scalar properties only), as the CTE `name`. */
export function insertPart<T extends object>(em: EntityManager, entity: EntityClass<T>, name: string, values: Partial<Record<keyof T & string, unknown>>): StatementPart {
  const meta = em.getMetadata().get(entity.name);
  const keys = Object.keys(values);
  const props = keys.map((key) => {
    const prop = meta.properties[key as never] as EntityProperty | undefined;
    if (!prop || prop.kind !== ReferenceKind.SCALAR) throw new Error(`${entity.name}.${key} is not a scalar property`);
    return prop;
  });
  return {
    names: [name],
    ctes: `${name} as (insert into "${meta.tableName}" (${props.map(column).join(', ')}) values (${props.map(() => '?').join(', ')}) returning 1)`,
    params: props.map((prop, i) => toDatabase(prop, (values as Record<string, unknown>)[keys[i]])),
    columns: `(select count(*) from ${name})::int as ${name}`,
  };
}
