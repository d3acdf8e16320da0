import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/harness';
import { initOrm, type Orm } from '../../db/orm';
import { PostgresCounterStore, RedisCounterStore, windowAt, type CounterStore } from '../counter-store';

const REDIS_URL = 'redis://127.0.0.1:6379';
const redisReachable = () =>
  new Promise<boolean>((resolve) => {
    const socket = net.connect({ port: 6379, host: '127.0.0.1' });
    socket.once('connect', () => (socket.destroy(), resolve(true)));
    socket.once('error', () => resolve(false));
  });

let orm: Orm;
let drop: () => Promise<void>;
beforeAll(async () => {
  const db = await createTestDatabase();
  drop = db.drop;
  orm = await initOrm({ clientUrl: db.url });
});
afterAll(async () => {
  await orm?.close(true);
  await drop?.();
});

/** The same contract for both stores: concurrent hits are all counted, windows are separate. */
function contract(make: () => CounterStore, available: () => boolean = () => true) {
  it('counts concurrent hits exactly, per bucket and window, and resets one window', async (ctx) => {
    if (!available()) ctx.skip();
    const store = make();
    try {
      const bucket = `test:${Math.random()}`;
      const now = new Date();
      const w = windowAt(now, 60_000);
      const hits = await Promise.all(Array.from({ length: 50 }, () => store.hit(bucket, w)));
      expect([...hits].sort((a, b) => a - b)).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
      expect(await store.peek(bucket, w)).toBe(50);
      expect(await store.peek(`${bucket}:other`, w)).toBe(0);
      const next = windowAt(new Date(now.getTime() + 60_000), 60_000);
      expect(await store.hit(bucket, next)).toBe(1);
      await store.reset(bucket, w);
      expect(await store.peek(bucket, w)).toBe(0);
      expect(await store.peek(bucket, next)).toBe(1);
    } finally {
      await store.close();
    }
  });
}

describe('PostgreSQL counter store', () => {
  contract(() => new PostgresCounterStore(orm));
});

// Skipped when no Redis listens on 127.0.0.1:6379 (a fresh laptop).
describe('Redis counter store (REDIS_URL)', () => {
  let reachable = false;
  beforeAll(async () => {
    reachable = await redisReachable();
  });
  contract(() => new RedisCounterStore(REDIS_URL), () => reachable);
});
