import { createHash } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { preparedQuery } from '../../../platform/db/prepared';
import { conflict } from '../../../platform/shared/errors';

/**
 * Runs a money operation at most once per (operation, idempotency key), in one transaction with
 * the money it moves. A replay with the same parameters returns the stored result; other
 * parameters are refused (as Stripe does). Failed attempts store nothing, so they may be retried.
 * Concurrent calls with one key serialize on the key's unique index.
 */
export async function idempotent<T>(
  root: EntityManager,
  call: IdempotentCall,
  run: (em: EntityManager) => Promise<T>,
): Promise<T> {
  const { operation, idempotencyKey, now } = call;
  const requestHash = requestHashOf(call.params);
  return root.transactional(async (em) => {
    const claimed = await em.execute(
      `insert into local_idempotency_keys (operation, idempotency_key, request_hash, created_at)
       values (?, ?, ?, ?) on conflict do nothing returning operation`,
      [operation, idempotencyKey, requestHash, now],
    );
    if (claimed.length === 0) return storedResult<T>(em, call, requestHash);
    const result = await run(em);
    await em.flush();
    await em.execute('update local_idempotency_keys set result = ?::jsonb where operation = ? and idempotency_key = ?', [
      JSON.stringify(result),
      operation,
      idempotencyKey,
    ]);
    return result;
  });
}

/**
 * The same guarantee, in one statement and no transaction, for a call whose whole effect is one
 * new row and whose answer is known before it runs (creating a PaymentIntent): the key with its
 * answer and the row go in together, or, when the key was used before, neither does and the
 * stored answer is returned. `insert` is `insert into <table> (<columns>) select <values>` (cast
 * the values: a select list gives them no column types); it only runs if the key was free.
 */
export async function idempotentInsert<T>(
  root: EntityManager,
  call: IdempotentCall,
  created: { result: T; insert: string; params: unknown[] },
): Promise<T> {
  const { operation, idempotencyKey, now } = call;
  const requestHash = requestHashOf(call.params);
  const inserted = await preparedQuery(
    root,
    `with claimed as (
       insert into local_idempotency_keys (operation, idempotency_key, request_hash, created_at, result)
       values (?, ?, ?, ?, ?::jsonb) on conflict do nothing returning 1
     )
     ${created.insert} where exists (select 1 from claimed)`,
    [operation, idempotencyKey, requestHash, now, JSON.stringify(created.result), ...created.params],
  );
  if (inserted.rowCount === 1) return created.result;
  return storedResult<T>(root, call, requestHash);
}

/**
 * The same guarantee, in one statement, for a call whose whole effect is a change of one row and
 * whose answer is built from that row (cancelling a PaymentIntent): the row is locked, the key is
 * claimed with the answer only if the row allows the call, and the change runs only if the key was
 * claimed. When nothing was claimed, the key's stored answer is returned (a replay), or, for a first
 * call the row refused, `refused` with the row as it is (null when there is none) for the caller's
 * error. `target` selects and locks the row as `target`; `allowed` and `answer` read its columns;
 * `change` is an update whose where clause ends so that `and exists (select 1 from claimed)` follows.
 */
export async function idempotentRowChange<T>(
  root: EntityManager,
  call: IdempotentCall,
  sql: { target: string; targetParams: unknown[]; allowed: string; answer: string; change: string; changeParams: unknown[] },
): Promise<{ result: T } | { refused: Record<string, unknown> | null }> {
  const { operation, idempotencyKey, now } = call;
  const requestHash = requestHashOf(call.params);
  const {
    rows: [row],
  } = await preparedQuery<{ result: unknown; current: Record<string, unknown> | null }>(
    root,
    `with target as (${sql.target}),
     claimed as (
       insert into local_idempotency_keys (operation, idempotency_key, request_hash, created_at, result)
       select ?, ?, ?, ?, ${sql.answer} from target where ${sql.allowed}
       on conflict do nothing returning result
     ),
     changed as (${sql.change} and exists (select 1 from claimed) returning 1)
     select (select result from claimed) as result, (select to_jsonb(target) from target) as current`,
    [...sql.targetParams, operation, idempotencyKey, requestHash, now, ...sql.changeParams],
  );
  if (row.result) return { result: row.result as T };
  const stored = await root.execute('select 1 from local_idempotency_keys where operation = ? and idempotency_key = ?', [operation, idempotencyKey]);
  if (stored.length > 0) return { result: await storedResult<T>(root, call, requestHash) };
  return { refused: row.current as Record<string, unknown> | null };
}

interface IdempotentCall {
  operation: string;
  idempotencyKey: string;
  params: unknown;
  now: Date;
}

/** A replay: the first call's answer, if it was made with the same parameters. */
async function storedResult<T>(em: EntityManager, { operation, idempotencyKey }: IdempotentCall, requestHash: string): Promise<T> {
  const [stored] = await em.execute(
    'select request_hash, result from local_idempotency_keys where operation = ? and idempotency_key = ?',
    [operation, idempotencyKey],
  );
  if (stored.request_hash !== requestHash) {
    throw conflict(
      `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${idempotencyKey}' if you meant to execute a different request.`,
    );
  }
  return stored.result as T;
}

const requestHashOf = (params: unknown) => createHash('sha256').update(stableJson(params)).digest('hex');

/** JSON with sorted object keys, so equal parameters always hash the same. */
function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : 1));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${stableJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}
