import { DomainError } from '../shared/errors';
import { minutesUntil, type RateLimitStore } from './rate-limits';

/**
 * Sign-ups per client IP per hour, counted in the shared limit store before the password is
 * hashed: each attempt costs an argon2 hash, so a script creating accounts (or just burning CPU)
 * is stopped after a few. Applies only with RATE_LIMIT_ENABLED, like the other per-IP limits.
 */
export class SignUpThrottle {
  constructor(
    private readonly store: RateLimitStore,
    private readonly maxPerHour: number,
  ) {}

  /** Counts this attempt; RATE_LIMITED ("Too many sign-ups from your network. Try again in N minutes.") past the limit. */
  async assertAllowed(ip: string | undefined): Promise<void> {
    const d = await this.store.consume({ name: 'signup', points: this.maxPerHour, durationSeconds: 3600 }, ip ?? 'unknown');
    if (!d.allowed) throw new DomainError('RATE_LIMITED', `Too many sign-ups from your network. Try again in ${minutesUntil(d)}.`);
  }
}
