import type { Clock } from '../shared/clock';
import { DomainError } from '../shared/errors';
import { windowAt, type CounterStore } from './counter-store';

const WINDOW_MS = 60 * 60_000;

/**
 * Sign-ups per client IP per hour, counted in the shared counter store before the password is
 * hashed: each attempt costs an argon2 hash, so a script creating accounts (or just burning CPU)
 * is stopped after a few. Applies only with RATE_LIMIT_ENABLED, like the other per-IP limits.
 */
export class SignUpThrottle {
  constructor(
    private readonly store: CounterStore,
    private readonly clock: Clock,
    private readonly maxPerHour: number,
  ) {}

  /** Counts this attempt; RATE_LIMITED ("Too many sign-ups from your network. Try again in N minutes.") past the limit. */
  async assertAllowed(ip: string | undefined): Promise<void> {
    const now = this.clock.now();
    const window = windowAt(now, WINDOW_MS);
    const attempts = await this.store.hit(`signup:ip:${ip ?? 'unknown'}`, window);
    if (attempts <= this.maxPerHour) return;
    const minutes = Math.max(1, Math.ceil((window.resetAt.getTime() - now.getTime()) / 60_000));
    throw new DomainError('RATE_LIMITED', `Too many sign-ups from your network. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`);
  }
}
