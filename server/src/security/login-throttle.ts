import type { Clock } from '../shared/clock';
import { DomainError } from '../shared/errors';
import { windowAt, type CounterStore } from './counter-store';

export const LOGIN_THROTTLE = {
  windowMs: 15 * 60_000,
  /** Failed sign-ins per e-mail address per window. */
  maxFailuresPerAccount: 10,
  /** Failed sign-ins per client IP per window (many addresses from one place). */
  maxFailuresPerIp: 30,
} as const;

export const tooManySignIns = (minutes: number) =>
  new DomainError('RATE_LIMITED', `Too many sign-in attempts. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`);

/**
 * Failed sign-ins counted per account and per IP in the shared counter store. Checked BEFORE the
 * password is hashed, so a guessing run costs us a counter read, not an argon2 verification.
 */
export class LoginThrottle {
  constructor(
    private readonly store: CounterStore,
    private readonly clock: Clock,
  ) {}

  /** RATE_LIMITED ("Too many sign-in attempts. Try again in N minutes.") once either limit is reached. */
  async assertAllowed(email: string, ip: string | undefined): Promise<void> {
    const now = this.clock.now();
    const window = windowAt(now, LOGIN_THROTTLE.windowMs);
    const [account, fromIp] = await Promise.all([
      this.store.peek(accountBucket(email), window),
      ip ? this.store.peek(ipBucket(ip), window) : Promise.resolve(0),
    ]);
    if (account >= LOGIN_THROTTLE.maxFailuresPerAccount || fromIp >= LOGIN_THROTTLE.maxFailuresPerIp) {
      throw tooManySignIns(Math.max(1, Math.ceil((window.resetAt.getTime() - now.getTime()) / 60_000)));
    }
  }

  async recordFailure(email: string, ip: string | undefined): Promise<void> {
    const window = windowAt(this.clock.now(), LOGIN_THROTTLE.windowMs);
    await Promise.all([this.store.hit(accountBucket(email), window), ip ? this.store.hit(ipBucket(ip), window) : undefined]);
  }

  /** A successful sign-in clears the account's failures (the IP's stay counted). */
  async recordSuccess(email: string): Promise<void> {
    await this.store.reset(accountBucket(email), windowAt(this.clock.now(), LOGIN_THROTTLE.windowMs));
  }
}

const accountBucket = (email: string) => `login:account:${email.trim().toLowerCase()}`;
const ipBucket = (ip: string) => `login:ip:${ip}`;
