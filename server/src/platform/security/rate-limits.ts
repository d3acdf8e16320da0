import { RateLimiterMemory, RateLimiterPostgres, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import type { Orm } from '../db/orm';

/** One limit: at most `points` per `durationSeconds` per key, counted from the key's first hit. */
export interface LimitRule {
  /** Prefix of every key of this limit (e.g. `anon`, `login:address`). */
  name: string;
  points: number;
  durationSeconds: number;
}

export interface RateLimitDecision {
  allowed: boolean;
  limit: number;
  remaining: number;
  resetAt: Date;
  /** Whole seconds until the window resets (at least 1). */
  retryAfterSeconds: number;
  /** Hits counted in the window so far (this one included when consumed). */
  consumed: number;
}

/** The table the migration Migration20261124060000_rate_limits creates for rate-limiter-flexible. */
export const RATE_LIMIT_TABLE = 'rate_limits';

/**
 * Shared limit counters (rate-limiter-flexible) in PostgreSQL, so every server instance counts the
 * same hits. Each limit keeps an in-memory insurance
 * limiter with the same rule, used only while the shared store cannot be reached.
 */
export class RateLimitStore {
  private readonly limiters = new Map<string, RateLimiterAbstract>();

  constructor(private readonly opts: { orm: Orm }) {}

  /** The limiter of a rule (one per rule name, made on first use). */
  limiter(rule: LimitRule): RateLimiterAbstract {
    const id = `${rule.name}/${rule.points}/${rule.durationSeconds}`;
    let limiter = this.limiters.get(id);
    if (!limiter) {
      const common = { keyPrefix: rule.name, points: rule.points, duration: rule.durationSeconds };
      const insuranceLimiter = new RateLimiterMemory(common);
      limiter = new RateLimiterPostgres({
        ...common,
        storeClient: this.opts.orm.em.getKnex(),
        storeType: 'knex',
        tableName: RATE_LIMIT_TABLE,
        tableCreated: true,
        clearExpiredByTimeout: false, // the purge job does it, once for all limits
        insuranceLimiter,
      });
      this.limiters.set(id, limiter);
    }
    return limiter;
  }

  /** Counts one hit; `allowed` is false once the rule's points are used up in this window. */
  async consume(rule: LimitRule, key: string): Promise<RateLimitDecision> {
    try {
      return decision(rule, await this.limiter(rule).consume(key), true);
    } catch (err) {
      if (err instanceof RateLimiterRes) return decision(rule, err, false);
      throw err;
    }
  }

  /** The hits counted for the key in its current window, without adding one (0 when none). */
  async peek(rule: LimitRule, key: string): Promise<RateLimitDecision> {
    const res = await this.limiter(rule).get(key);
    return decision(rule, res ?? new RateLimiterRes(rule.points, 0, 0), (res?.consumedPoints ?? 0) < rule.points);
  }

  /** Gives one counted hit back (e.g. an attempt counted before it turned out to be a success). */
  async refund(rule: LimitRule, key: string): Promise<void> {
    await this.limiter(rule).reward(key, 1);
  }

  /** Forgets the key's hits (e.g. a successful sign-in from that address). */
  async reset(rule: LimitRule, key: string): Promise<void> {
    await this.limiter(rule).delete(key);
  }

  /** Deletes windows that ended before `now`. */
  async purgeExpired(now: Date): Promise<void> {
    await this.opts.orm.em.getConnection().execute(`delete from "${RATE_LIMIT_TABLE}" where expire < ?`, [now.getTime()]);
  }

  /** Nothing to release (the counters use the ORM's pool); kept for the server's shutdown order. */
  async close(): Promise<void> {}
}

function decision(rule: LimitRule, res: RateLimiterRes, allowed: boolean): RateLimitDecision {
  const msBeforeNext = Math.max(0, res.msBeforeNext);
  return {
    allowed,
    limit: rule.points,
    remaining: Math.max(0, rule.points - res.consumedPoints),
    resetAt: new Date(Date.now() + msBeforeNext),
    retryAfterSeconds: Math.max(1, Math.ceil(msBeforeNext / 1000)),
    consumed: res.consumedPoints,
  };
}

/** The standard headers: X-RateLimit-Limit/Remaining/Reset (Unix seconds), and Retry-After when refused. */
export function rateLimitHeaders(d: RateLimitDecision): Record<string, string> {
  return {
    'X-RateLimit-Limit': String(d.limit),
    'X-RateLimit-Remaining': String(d.remaining),
    'X-RateLimit-Reset': String(Math.ceil(d.resetAt.getTime() / 1000)),
    ...(d.allowed ? {} : { 'Retry-After': String(d.retryAfterSeconds) }),
  };
}

/** "N minutes" until a refused decision's window resets (at least one). */
export function minutesUntil(d: RateLimitDecision): string {
  const minutes = Math.max(1, Math.ceil(d.retryAfterSeconds / 60));
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
}
