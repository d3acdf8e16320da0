import { ChangeSetType, JsonType, OptimisticLockError, ReferenceKind, type EntityClass, type EntityProperty } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { StatementPart } from './statement-parts';

/**
 * ORM entities' writes as parts of one statement (db/statement-parts.ts), for hot changes whose
 * writes would otherwise be a flush of several statements: the update of one managed entity's
 * changed columns (with its version check) and plain inserts. Only scalar columns; anything else
 * (relations changed in memory, entities to cascade) is left to the ORM's flush.
 *
 * Only MikroORM's public API: the unit of work computes the change sets a flush would write
 * (`computeChangeSets`, `getChangeSets`, as its own flush does, `onUpdate` stamps included), the
 * metadata gives tables and columns, and `em.merge(entity, { refresh: true })` makes the entity
 * clean at its new state once the statement wrote it.
 */

/**
 * The properties of `entity` a flush of `em` would update, when that update is ALL the flush
 * would write (nothing new, removed, no other entity or collection changed); null otherwise.
 * Applies the entity's `onUpdate` stamps as a flush would (they are then among the properties).
 */
export function onlyChanged(em: EntityManager, entity: object): string[] | null {
  const uow = em.getUnitOfWork();
  uow.computeChangeSets();
  const changeSets = uow.getChangeSets();
  if (changeSets.length !== 1 || uow.getCollectionUpdates().length > 0 || uow.getExtraUpdates().size > 0 || uow.getOrphanRemoveStack().size > 0) return null;
  const [only] = changeSets;
  if (only.entity !== entity || only.type !== ChangeSetType.UPDATE) return null;
  return Object.keys(only.payload);
}

const column = (prop: EntityProperty) => `"${prop.fieldNames[0]}"`;
const toDatabase = (prop: EntityProperty, value: unknown) => (value != null && prop.customType instanceof JsonType ? JSON.stringify(value) : value);

/**
 * The update of `entity`'s `changed` scalar columns (onlyChanged), conditional on its version like
 * the ORM's own, as the CTE `name`; null when it has nothing the part can write (no change, or a
 * changed relation). Once it ran, the entity is clean in `em` at its new version; no row updated
 * throws OptimisticLockError, as a flush would.
 */
export function updatePart(em: EntityManager, entity: object, changed: readonly string[], name: string): StatementPart | null {
  if (changed.length === 0) return null;
  const meta = em.getMetadata().get(entity.constructor.name);
  const record = entity as Record<string, unknown>;
  const sets: string[] = [];
  const params: unknown[] = [];
  for (const key of changed) {
    const prop = meta.properties[key as never] as EntityProperty | undefined;
    if (!prop || prop.kind !== ReferenceKind.SCALAR || prop.version || prop.primary) return null;
    sets.push(`${column(prop)} = ?`);
    params.push(toDatabase(prop, record[key]));
  }
  const pk = meta.properties[meta.primaryKeys[0] as never] as EntityProperty;
  const version = meta.versionProperty ? (meta.properties[meta.versionProperty as never] as EntityProperty) : null;
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
      if (version) record[version.name] = (record[version.name] as number) + 1;
      // The row now holds the entity's state: the ORM's snapshot of it becomes that state.
      em.merge(entity, { refresh: true });
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
