import { setTimeout as sleep } from 'node:timers/promises';
import { DomainError } from '../shared/errors';
import { minutesUntil, type LimitRule, type RateLimitDecision, type RateLimitStore } from './rate-limits';

const WINDOW_SECONDS = 15 * 60;

export const LOGIN_THROTTLE = {
  /** Failed sign-ins for one account from one client address per 15 minutes; then that pair is refused. */
  perAccountAndAddress: { name: 'login:account-address', points: 10, durationSeconds: WINDOW_SECONDS },
  /** Failed sign-ins from one client address (any accounts) per 15 minutes; then that address is refused. */
  perAddress: { name: 'login:address', points: 30, durationSeconds: WINDOW_SECONDS },
  /**
   * Failed sign-ins for one account from all addresses per hour. Never refuses (that would let
   * anyone lock the owner out): past `slowDownAfter` every attempt on the account waits a little
   * longer, `delayStepMs` per failure beyond it, at most `maxDelayMs`.
   */
  perAccount: { name: 'login:account', points: 1_000_000, durationSeconds: 60 * 60 },
  slowDownAfter: 20,
  delayStepMs: 500,
  maxDelayMs: 10_000,
} as const satisfies Record<string, LimitRule | number>;

export const tooManySignIns = (d: RateLimitDecision) =>
  new DomainError('RATE_LIMITED', `Too many sign-in attempts. Try again in ${minutesUntil(d)}.`);

/** The wait before an attempt on an account that has failed `failures` times this hour (from anywhere). */
export function signInDelayMs(failures: number): number {
  if (failures < LOGIN_THROTTLE.slowDownAfter) return 0;
  return Math.min(LOGIN_THROTTLE.maxDelayMs, (failures - LOGIN_THROTTLE.slowDownAfter + 1) * LOGIN_THROTTLE.delayStepMs);
}

/**
 * Sign-in attempts counted in the shared limit store (rate-limiter-flexible), per (account, client
 * address), per client address, and per account. Each attempt is COUNTED BEFORE the password is
 * checked, with the store's atomic increment, and refused once over the limit: 300 guesses fired
 * at once get at most the limit's worth of argon2 verifications (a check-then-count would let every
 * parallel guess read the same "9 failures so far"). A success gives its point back. An attack on
 * someone's e-mail from one place blocks only that place; spread over many places it slows every
 * attempt on the account down, and the owner, from an address that has not failed, still signs in.
 * The same counters guard the current password of a password or e-mail change.
 */
export class LoginThrottle {
  constructor(
    private readonly store: RateLimitStore,
    private readonly wait: (ms: number) => Promise<unknown> = sleep,
  ) {}

  /**
   * Counts one attempt; RATE_LIMITED ("Too many sign-in attempts. Try again in N minutes.") when the
   * pair or the address is over its limit, else waits out the account's delay (its failures from anywhere).
   */
  async attempt(email: string, ip: string | undefined): Promise<void> {
    const [pair, address, account] = await Promise.all([
      this.store.consume(LOGIN_THROTTLE.perAccountAndAddress, pairKey(email, ip)),
      this.store.consume(LOGIN_THROTTLE.perAddress, addressKey(ip)),
      this.store.consume(LOGIN_THROTTLE.perAccount, accountKey(email)),
    ]);
    const refused = [pair, address].filter((d) => !d.allowed).sort((a, b) => b.retryAfterSeconds - a.retryAfterSeconds)[0];
    if (refused) throw tooManySignIns(refused);
    // `consumed` includes this attempt: the failures before it are one fewer.
    const delay = signInDelayMs(account.consumed - 1);
    if (delay > 0) await this.wait(delay);
  }

  /** Gives this attempt back on every counter (it was not a guess: e.g. the first step of a two-step sign-in). */
  async refund(email: string, ip: string | undefined): Promise<void> {
    await Promise.all([
      this.store.refund(LOGIN_THROTTLE.perAccountAndAddress, pairKey(email, ip)),
      this.store.refund(LOGIN_THROTTLE.perAddress, addressKey(ip)),
      this.store.refund(LOGIN_THROTTLE.perAccount, accountKey(email)),
    ]);
  }

  /** The password was right: that address's count for the account is cleared, and the other counters get this attempt back. */
  async succeeded(email: string, ip: string | undefined): Promise<void> {
    await Promise.all([
      this.store.reset(LOGIN_THROTTLE.perAccountAndAddress, pairKey(email, ip)),
      this.store.refund(LOGIN_THROTTLE.perAddress, addressKey(ip)),
      this.store.refund(LOGIN_THROTTLE.perAccount, accountKey(email)),
    ]);
  }
}

const normal = (email: string) => email.trim().toLowerCase();
const accountKey = (email: string) => normal(email);
const addressKey = (ip: string | undefined) => ip ?? 'unknown';
const pairKey = (email: string, ip: string | undefined) => `${normal(email)}|${addressKey(ip)}`;
