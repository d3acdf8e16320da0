import type { Clock } from '../shared/clock';
import { windowAt, type CounterStore } from './counter-store';

export interface RateLimitDecision {
  allowed: boolean;
  limit: number;
  remaining: number;
  resetAt: Date;
  /** Whole seconds until the window resets (at least 1). */
  retryAfterSeconds: number;
}

/** A fixed-window limit: `limit` hits per `windowMs` per bucket, counted in a shared store. */
export class RateLimiter {
  constructor(
    private readonly store: CounterStore,
    private readonly clock: Clock,
  ) {}

  async consume(bucket: string, limit: number, windowMs: number): Promise<RateLimitDecision> {
    const now = this.clock.now();
    const window = windowAt(now, windowMs);
    const hits = await this.store.hit(bucket, window);
    return {
      allowed: hits <= limit,
      limit,
      remaining: Math.max(0, limit - hits),
      resetAt: window.resetAt,
      retryAfterSeconds: Math.max(1, Math.ceil((window.resetAt.getTime() - now.getTime()) / 1000)),
    };
  }
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
