import { Redis } from 'ioredis';
import type { Orm } from '../db/orm';

/** A fixed time window: the bucket counts hits from `start` until `resetAt`. */
export interface CounterWindow {
  start: Date;
  resetAt: Date;
}

export function windowAt(now: Date, windowMs: number): CounterWindow {
  const start = Math.floor(now.getTime() / windowMs) * windowMs;
  return { start: new Date(start), resetAt: new Date(start + windowMs) };
}

/**
 * Shared counters for rate limits and sign-in throttling, kept outside the process so every
 * server instance sees the same numbers: PostgreSQL by default, Redis when REDIS_URL is set.
 */
export interface CounterStore {
  /** Adds one hit to the bucket's window and returns the hits counted so far. */
  hit(bucket: string, window: CounterWindow): Promise<number>;
  /** The hits counted in the window, without adding one. */
  peek(bucket: string, window: CounterWindow): Promise<number>;
  /** Forgets the bucket's window (e.g. a successful sign-in). */
  reset(bucket: string, window: CounterWindow): Promise<void>;
  /** Deletes windows that ended before `now`; returns how many. */
  purgeExpired(now: Date): Promise<number>;
  close(): Promise<void>;
}

/** One row per (bucket, window) in the unlogged table `rate_limit_counters`. */
export class PostgresCounterStore implements CounterStore {
  constructor(private readonly orm: Orm) {}

  async hit(bucket: string, window: CounterWindow): Promise<number> {
    const [row] = await this.sql<{ hits: number }>(
      `insert into rate_limit_counters (bucket, window_start, expires_at, hits) values (?, ?, ?, 1)
       on conflict (bucket, window_start) do update set hits = rate_limit_counters.hits + 1
       returning hits`,
      [bucket, window.start, window.resetAt],
    );
    return Number(row.hits);
  }

  async peek(bucket: string, window: CounterWindow): Promise<number> {
    const [row] = await this.sql<{ hits: number }>('select hits from rate_limit_counters where bucket = ? and window_start = ?', [bucket, window.start]);
    return Number(row?.hits ?? 0);
  }

  async reset(bucket: string, window: CounterWindow): Promise<void> {
    await this.sql('delete from rate_limit_counters where bucket = ? and window_start = ?', [bucket, window.start]);
  }

  async purgeExpired(now: Date): Promise<number> {
    const rows = await this.sql('delete from rate_limit_counters where expires_at <= ? returning 1', [now]);
    return rows.length;
  }

  async close(): Promise<void> {}

  private sql<T = unknown>(query: string, params: unknown[]): Promise<T[]> {
    return this.orm.em.getConnection().execute<T[]>(query, params as never[]);
  }
}

/** INCR + PEXPIREAT per window key; Redis drops finished windows by itself. */
export class RedisCounterStore implements CounterStore {
  private readonly redis: Redis;

  constructor(url: string, private readonly onError: (err: unknown) => void = () => {}) {
    this.redis = new Redis(url, { maxRetriesPerRequest: 2, enableOfflineQueue: true });
    this.redis.on('error', (err) => this.onError(err));
  }

  async hit(bucket: string, window: CounterWindow): Promise<number> {
    const key = this.key(bucket, window);
    const result = await this.redis.multi().incr(key).pexpireat(key, window.resetAt.getTime() + 1000).exec();
    const [err, hits] = result?.[0] ?? [new Error('redis transaction aborted'), 0];
    if (err) throw err;
    return Number(hits);
  }

  async peek(bucket: string, window: CounterWindow): Promise<number> {
    return Number((await this.redis.get(this.key(bucket, window))) ?? 0);
  }

  async reset(bucket: string, window: CounterWindow): Promise<void> {
    await this.redis.del(this.key(bucket, window));
  }

  async purgeExpired(): Promise<number> {
    return 0;
  }

  async close(): Promise<void> {
    await this.redis.quit().catch(() => this.redis.disconnect());
  }

  private key(bucket: string, window: CounterWindow): string {
    return `collab:rl:${bucket}:${window.start.getTime()}`;
  }
}

export function createCounterStore(opts: { redisUrl?: string; orm: Orm; onError?: (err: unknown) => void }): CounterStore {
  return opts.redisUrl ? new RedisCounterStore(opts.redisUrl, opts.onError) : new PostgresCounterStore(opts.orm);
}
