import { setTimeout as sleep } from 'node:timers/promises';
import type { RateLimitStore } from '../../platform/security/rate-limits';
import { minutesUntil } from '../../platform/security/rate-limits';
import type { Clock } from '../../platform/shared/clock';
import type { ServiceContext } from '../../platform/shared/context';
import { badInput, DomainError } from '../../platform/shared/errors';
import { parseInput } from '../../platform/shared/validation';
import type { SecretBox } from '../../platform/security/secret-box';
import { User } from '../users';
import type { AccountTokens } from './account-tokens';
import { assertStrongPassword, ForgotPasswordSchema, ResetPasswordSchema, type ForgotPasswordInput, type ResetPasswordInput } from './auth.inputs';
import type { AuthService } from './auth.service';
import { hashPassword } from './passwords';

export const RESET_THROTTLE = {
  /** Reset e-mails asked for one typed address per hour (refused past it: 429, whether or not it has an account). */
  perAddress: { name: 'reset:address', points: 5, durationSeconds: 3600 },
  /** Reset requests from one client address per hour (any addresses). */
  perClient: { name: 'reset:client', points: 20, durationSeconds: 3600 },
  /** Reset e-mails one account receives per day; past it requests still answer 200 but send nothing (a 429 would tell the account exists). */
  perAccount: { name: 'reset:account', points: 10, durationSeconds: 24 * 3600 },
  /** New passwords tried through reset links from one client address per 15 minutes (each costs a strength check and a hash). */
  setPerClient: { name: 'reset:set-client', points: 20, durationSeconds: 15 * 60 },
} as const;

/**
 * A forgot-password request answers no sooner than this after it arrived, whatever happened: the
 * work differs between an address with an account (a token, an e-mail queued) and one without,
 * and the answer's timing must not tell them apart.
 */
export const FORGOT_PASSWORD_MIN_MS = 300;

export const RESET_MESSAGES = {
  requested: 'If an account exists for that address, we sent it a link to choose a new password. The link works for 60 minutes.',
  invalidLink: 'This password reset link is invalid, expired or already used: request a new one',
  tooMany: (minutes: string) => `Too many password reset requests. Try again in ${minutes}.`,
  done: 'Your password was changed and every session signed out: sign in with the new password.',
} as const;

/**
 * Forgot password (issue 27 item 1): a request e-mails a one-time link (AccountTokens, purpose
 * `password_reset`, 60 minutes) through the outbox and mail pipeline; the link sets a new password
 * through AuthService.replacePassword, the one path every password change takes (reset links
 * voided, every session revoked, "your password was changed" e-mailed). The address is verified by
 * the same act: whoever read the link reads that mailbox.
 */
export class PasswordResetService {
  constructor(
    private readonly deps: {
      auth: AuthService;
      accountTokens: AccountTokens;
      /** Seals a link's token, bound to its user, for the e-mail worker. */
      box: SecretBox;
      clock: Clock;
      limits: RateLimitStore;
      minResponseMs?: number;
      wait?: (ms: number) => Promise<unknown>;
    },
  ) {}

  /** Always the same answer (no enumeration), in the same time; RATE_LIMITED per typed address and per client. */
  async request(ctx: ServiceContext, input: ForgotPasswordInput): Promise<{ message: string }> {
    const started = Date.now();
    const { email } = parseInput(ForgotPasswordSchema, input);
    const [address, client] = await Promise.all([
      this.deps.limits.consume(RESET_THROTTLE.perAddress, email.toLowerCase()),
      this.deps.limits.consume(RESET_THROTTLE.perClient, ctx.ip ?? 'unknown'),
    ]);
    const refused = [address, client].find((d) => !d.allowed);
    if (refused) throw new DomainError('RATE_LIMITED', RESET_MESSAGES.tooMany(minutesUntil(refused)), undefined, refused.retryAfterSeconds);
    try {
      const user = await ctx.em.findOne(User, { email });
      if (user && (await this.deps.limits.consume(RESET_THROTTLE.perAccount, user.id)).allowed) {
        await ctx.em.transactional(async (em) => {
          const token = await this.deps.accountTokens.issue(em, { userId: user.id, purpose: 'password_reset', email: user.email, now: this.deps.clock.now() });
          await this.deps.auth.accountEmail(em, 'account.password_reset', user.id, { sealedToken: this.deps.box.seal(token, user.id), toAddress: user.email });
        });
      }
    } finally {
      const left = (this.deps.minResponseMs ?? FORGOT_PASSWORD_MIN_MS) - (Date.now() - started);
      if (left > 0) await (this.deps.wait ?? sleep)(left);
    }
    return { message: RESET_MESSAGES.requested };
  }

  /** Sets a new password with a reset link's token; signs out every session. BAD_USER_INPUT `token` for a bad link. */
  async reset(ctx: ServiceContext, input: ResetPasswordInput): Promise<{ message: string }> {
    // Shape first (the 128-character cap): nothing else runs for an oversized password.
    const data = parseInput(ResetPasswordSchema, input);
    const client = await this.deps.limits.consume(RESET_THROTTLE.setPerClient, ctx.ip ?? 'unknown');
    if (!client.allowed) throw new DomainError('RATE_LIMITED', RESET_MESSAGES.tooMany(minutesUntil(client)), undefined, client.retryAfterSeconds);
    const now = this.deps.clock.now();
    // A look first (nothing used yet): a weak new password must not spend the link.
    const pending = await this.deps.accountTokens.find(ctx.em, data.token, 'password_reset', now);
    const user = pending ? await ctx.em.findOne(User, { id: pending.userId }) : null;
    if (!user) throw badInput(RESET_MESSAGES.invalidLink, 'token');
    assertStrongPassword(data.password, 'password', { email: user.email, displayName: await this.deps.auth.displayName(ctx.em, user.id) });
    const passwordHash = await hashPassword(data.password);
    const revoked = await ctx.em.transactional(async (em) => {
      // Used here, atomically: of two requests with one link, one wins.
      const used = await this.deps.accountTokens.use(em, data.token, 'password_reset', now);
      if (!used || used.userId !== user.id) throw badInput(RESET_MESSAGES.invalidLink, 'token');
      const fresh = await em.findOneOrFail(User, { id: user.id });
      // The link reached that mailbox: the address is proven.
      if (!fresh.emailVerifiedAt && fresh.email.toLowerCase() === used.email.toLowerCase()) fresh.emailVerifiedAt = now;
      return this.deps.auth.replacePassword(em, fresh, passwordHash, now, 'reset');
    });
    await this.deps.auth.announceRevoked(revoked);
    return { message: RESET_MESSAGES.done };
  }
}
