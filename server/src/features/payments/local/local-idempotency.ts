import { createHash } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { conflict } from '../../../shared/errors';

/**
 * Runs a money operation at most once per (operation, idempotency key), in one transaction with
 * the money it moves. A replay with the same parameters returns the stored result; other
 * parameters are refused (as Stripe does). Failed attempts store nothing, so they may be retried.
 * Concurrent calls with one key serialize on the key's unique index.
 */
export async function idempotent<T>(
  root: EntityManager,
  call: { operation: string; idempotencyKey: string; params: unknown; now: Date },
  run: (em: EntityManager) => Promise<T>,
): Promise<T> {
  const { operation, idempotencyKey, now } = call;
  const requestHash = createHash('sha256').update(stableJson(call.params)).digest('hex');
  return root.transactional(async (em) => {
    const claimed = await em.execute(
      `insert into local_idempotency_keys (operation, idempotency_key, request_hash, created_at)
       values (?, ?, ?, ?) on conflict do nothing returning operation`,
      [operation, idempotencyKey, requestHash, now],
    );
    if (claimed.length === 0) {
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
