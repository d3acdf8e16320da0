import { MikroORM, PostgreSqlDriver } from '@mikro-orm/postgresql';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../../test/harness';
import type { Orm } from '../../db/orm';
import { AdjustableClock } from '../../shared/clock';
import { WorkQueue, type QueueDefinition, type WorkRow } from '../work-queue';

/** The work queue on a table of its own, as two server instances (two WorkQueue objects) on one database. */
let db: { url: string; drop(): Promise<void> };
let orm: Orm;
const clock = new AdjustableClock();
const sql = <T = unknown>(text: string, params: unknown[] = []) => orm.em.fork().execute<T[]>(text, params);

beforeAll(async () => {
  db = await createTestDatabase();
  orm = await MikroORM.init({ driver: PostgreSqlDriver, clientUrl: db.url, entities: [], discovery: { warnWhenNoEntities: false }, pool: { min: 0, max: 10 } });
  await sql(`create table wq_items (
    id uuid primary key default gen_random_uuid(), seq bigserial, k text not null,
    status text not null default 'pending', attempts int not null default 0, next_attempt_at timestamptz,
    lease_until timestamptz, lease_token uuid, created_at timestamptz not null default now(), error text)`);
});
afterAll(async () => {
  await orm?.close();
  await db?.drop();
});
beforeEach(async () => {
  await sql('delete from wq_items');
});

interface Item extends WorkRow {
  k: string;
}
const insert = (k: string, n = 1) => sql(`insert into wq_items (k, next_attempt_at) select ?, ? from generate_series(1, ?)`, [k, clock.now(), n]);
const queue = (def: Partial<QueueDefinition<Item>> & Pick<QueueDefinition<Item>, 'handle'>) =>
  new WorkQueue<Item>({ name: 'items', table: 'wq_items', concurrency: 100, leaseMs: 60_000, backoffMs: () => 1000, pollSeconds: 60, tiebreak: 'seq', ...def }, { orm, clock });

describe('the work queue', () => {
  it('per key: two instances together keep at most key.limit of one key in flight, and every other key goes first', async () => {
    await insert('busy', 30);
    for (const k of ['b', 'c', 'd', 'e']) await insert(k);
    const handled: string[] = [];
    let release!: () => void;
    const hold = new Promise<void>((r) => (release = r));
    const handle = async (row: Item) => {
      handled.push(row.k);
      if (row.k === 'busy') await hold;
      return { ok: true as const };
    };
    const a = queue({ key: { column: 'k', limit: 2 }, handle });
    const b = queue({ key: { column: 'k', limit: 2 }, handle });
    const claimed = (await a.runDue()) + (await b.runDue());
    await new Promise((r) => setTimeout(r, 200));
    expect(claimed).toBe(6);
    expect(handled.filter((k) => k === 'busy')).toHaveLength(2);
    expect(handled.filter((k) => k !== 'busy').sort()).toEqual(['b', 'c', 'd', 'e']);
    // More claims change nothing while the busy key's two are held.
    expect((await a.runDue()) + (await b.runDue())).toBe(0);
    release();
    await Promise.all([a.drain(), b.drain()]);
    const [{ n }] = await sql<{ n: number }>(`select count(*)::int as n from wq_items where status = 'done'`);
    expect(n).toBe(34);
  });

  it('a failure is retried after its back-off, and given up at the retry limit', async () => {
    await insert('x');
    const q = queue({ retryLimit: 2, handle: async () => ({ ok: false, error: 'nope', set: { error: 'nope' } }) });
    expect(await q.drain()).toEqual([{ ok: false, status: 'pending', gaveUp: false }]);
    expect(await q.drain()).toEqual([]); // not before the back-off
    clock.advance(1100);
    expect(await q.drain()).toEqual([{ ok: false, status: 'failed', gaveUp: true }]);
    expect(await sql('select status, attempts, error, lease_until from wq_items')).toEqual([{ status: 'failed', attempts: 2, error: 'nope', lease_until: null }]);
  });

  it("a worker that dies mid-item leaves a lease; once it expires another instance takes the item, and the dead one's outcome would not count", async () => {
    await insert('x');
    const dying = queue({ leaseMs: 5000, handle: () => new Promise(() => {}) });
    const healthy = queue({ leaseMs: 5000, handle: async () => ({ ok: true }) });
    expect(await dying.runDue()).toBe(1);
    expect(await healthy.drain()).toEqual([]);
    clock.advance(5001);
    expect(await healthy.drain()).toEqual([{ ok: true, status: 'done', gaveUp: false }]);
    expect(await sql('select status, attempts, lease_token from wq_items')).toEqual([{ status: 'done', attempts: 2, lease_token: null }]);
  });
});
