import type { Logger } from 'pino';
import type { Orm } from '../../platform/db/orm';

const HOUR_MS = 3_600_000;
export const USAGE_FLUSH_MS = 10_000;

/**
 * Counts requests per API key per hour and the key's last use in memory, and writes them in one
 * batch every USAGE_FLUSH_MS (two statements for all keys) instead of one write per request.
 * A crash loses at most that window's counts; the usage chart and last-used time are
 * informational, rate limits are counted elsewhere.
 */
export class ApiKeyUsageRecorder {
  private pending = new Map<string, { lastUsedAt: Date; hours: Map<number, number> }>();
  private timer: NodeJS.Timeout | undefined;
  private flushing: Promise<void> = Promise.resolve();

  constructor(private readonly deps: { orm: Orm; logger?: Pick<Logger, 'warn'>; flushMs?: number }) {}

  /** One request made with the key at `at`. */
  record(keyId: string, at: Date): void {
    let entry = this.pending.get(keyId);
    if (!entry) {
      entry = { lastUsedAt: at, hours: new Map() };
      this.pending.set(keyId, entry);
    }
    if (at > entry.lastUsedAt) entry.lastUsedAt = at;
    const hour = Math.floor(at.getTime() / HOUR_MS) * HOUR_MS;
    entry.hours.set(hour, (entry.hours.get(hour) ?? 0) + 1);
    if (!this.timer) {
      this.timer = setTimeout(() => {
        this.timer = undefined;
        void this.flush();
      }, this.deps.flushMs ?? USAGE_FLUSH_MS);
      this.timer.unref();
    }
  }

  /** Writes what was counted so far (concurrent calls run one after another). */
  flush(): Promise<void> {
    this.flushing = this.flushing.then(() => this.write()).catch((err: unknown) => this.deps.logger?.warn({ err }, 'api key usage: flush failed'));
    return this.flushing;
  }

  async close(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    await this.flush();
  }

  private async write(): Promise<void> {
    if (this.pending.size === 0) return;
    const batch = this.pending;
    this.pending = new Map();
    const keyIds: string[] = [];
    const lastUsed: string[] = [];
    const usageKeys: string[] = [];
    const usageHours: string[] = [];
    const usageCounts: number[] = [];
    for (const [keyId, entry] of batch) {
      keyIds.push(keyId);
      lastUsed.push(entry.lastUsedAt.toISOString());
      for (const [hour, count] of entry.hours) {
        usageKeys.push(keyId);
        usageHours.push(new Date(hour).toISOString());
        usageCounts.push(count);
      }
    }
    const conn = this.deps.orm.em.getConnection();
    await conn.execute(
      `update api_keys k set last_used_at = greatest(k.last_used_at, v.t)
         from unnest(?::uuid[], ?::timestamptz[]) as v(id, t) where k.id = v.id`,
      [`{${keyIds.join(',')}}`, `{${lastUsed.join(',')}}`],
    );
    // Keys deleted meanwhile (their owner was) are skipped.
    await conn.execute(
      `insert into api_key_usage (api_key_id, hour, requests)
       select u.id, u.hour, u.n from unnest(?::uuid[], ?::timestamptz[], ?::int[]) as u(id, hour, n)
        where exists (select 1 from api_keys k where k.id = u.id)
       on conflict (api_key_id, hour) do update set requests = api_key_usage.requests + excluded.requests`,
      [`{${usageKeys.join(',')}}`, `{${usageHours.join(',')}}`, `{${usageCounts.join(',')}}`],
    );
  }
}
