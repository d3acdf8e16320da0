import type { RateLimitStore } from '../../platform/security/rate-limits';
import { minutesUntil } from '../../platform/security/rate-limits';
import type { Clock } from '../../platform/shared/clock';
import { requirePerson, type ServiceContext } from '../../platform/shared/context';
import { badInput, conflict, DomainError, PG, pgErrorCode, unauthenticated } from '../../platform/shared/errors';
import type { EventBus } from '../../platform/shared/events';
import { parseInput } from '../../platform/shared/validation';
import { User } from '../users';
import type { AccountTokens } from './account-tokens';
import { ChangeEmailSchema, VerifyEmailSchema, type ChangeEmailInput, type VerifyEmailInput } from './auth.inputs';
import type { AuthService } from './auth.service';

export const VERIFICATION_THROTTLE = {
  /** Verification e-mails (resends and e-mail changes) one account may ask for per hour. */
  perAccount: { name: 'verify:account', points: 5, durationSeconds: 3600 },
} as const;

export const VERIFICATION_MESSAGES = {
  invalidLink: 'This verification link is invalid, expired or already used: sign in and send a new one from your dashboard or settings',
  alreadyVerified: 'Your e-mail address is already verified: it needs no new link',
  tooMany: (minutes: string) => `Too many verification e-mails. Try again in ${minutes}.`,
  sameAddress: 'newEmail is already the address of your account',
  taken: 'An account with this email already exists',
  sent: (address: string) => `We sent a verification link to ${address}. It works for 48 hours.`,
  changeSent: (address: string) => `We sent a link to ${address}: your address changes once you open it (within 48 hours).`,
} as const;

/**
 * Verified e-mail addresses (issue 27 item 2): sign-up e-mails a link (AccountTokens, purpose
 * `verify_email`, 48 hours, queued by AuthService.sendVerification); opening it marks the address
 * verified. A change of address asks for the password, e-mails a link to the NEW address (the
 * account keeps the old one until it is opened) and tells the old address at once.
 */
export class EmailVerificationService {
  constructor(
    private readonly deps: {
      auth: AuthService;
      accountTokens: AccountTokens;
      clock: Clock;
      limits: RateLimitStore;
      events: EventBus;
    },
  ) {}

  /** Uses a verification link (no sign-in needed: it may be opened on another device). Returns the account as it is now. */
  async verify(ctx: ServiceContext, input: VerifyEmailInput): Promise<User> {
    const data = parseInput(VerifyEmailSchema, input);
    const now = this.deps.clock.now();
    let user: User;
    try {
      user = await ctx.em.transactional(async (em) => {
        const used = await this.deps.accountTokens.use(em, data.token, 'verify_email', now);
        const found = used ? await em.findOne(User, { id: used.userId }) : null;
        if (!used || !found) throw badInput(VERIFICATION_MESSAGES.invalidLink, 'token');
        if (found.email.toLowerCase() !== used.email.toLowerCase()) {
          // An e-mail change: the new address takes effect now that it is proven.
          found.email = used.email;
          await this.deps.accountTokens.voidAll(em, found.id, ['password_reset'], now);
        }
        found.emailVerifiedAt = now;
        await em.flush();
        return found;
      });
    } catch (err) {
      if (pgErrorCode(err) === PG.uniqueViolation) throw conflict(VERIFICATION_MESSAGES.taken);
      throw err;
    }
    // A creator may now be listed: public caches of the listing and creator pages drop their answers.
    await this.deps.events.publish('profileChanged', { userId: user.id });
    return user;
  }

  /** E-mails a new verification link to the signed-in account's address (throttled). */
  async resend(ctx: ServiceContext): Promise<{ message: string }> {
    const viewer = requirePerson(ctx);
    const user = await ctx.em.findOne(User, { id: viewer.id });
    if (!user) throw unauthenticated();
    if (user.emailVerifiedAt) throw badInput(VERIFICATION_MESSAGES.alreadyVerified);
    await this.consume(user.id);
    await ctx.em.transactional((em) => this.deps.auth.sendVerification(em, user.id, user.email));
    return { message: VERIFICATION_MESSAGES.sent(user.email) };
  }

  /** Starts a change of address: password checked (throttled like sign-in), link to the new address, notice to the old one. */
  async changeEmail(ctx: ServiceContext, input: ChangeEmailInput): Promise<{ message: string }> {
    const viewer = requirePerson(ctx);
    const data = parseInput(ChangeEmailSchema, input);
    const user = await this.deps.auth.checkPassword(ctx, viewer.id, data.password, 'password');
    if (user.email.toLowerCase() === data.newEmail.toLowerCase()) throw badInput(VERIFICATION_MESSAGES.sameAddress, 'newEmail');
    // Two-step sign-in on: a fresh code too (TWO_FACTOR_REQUIRED when missing or wrong).
    await this.deps.auth.requireFreshSecondFactor(user.id, data.code);
    if (await ctx.em.count(User, { email: data.newEmail })) throw new DomainError('CONFLICT', VERIFICATION_MESSAGES.taken, 'newEmail');
    await this.consume(user.id);
    await ctx.em.transactional(async (em) => {
      await this.deps.auth.sendVerification(em, user.id, data.newEmail);
      await this.deps.auth.accountEmail(em, 'account.email_change_requested', user.id, { newAddress: data.newEmail, toAddress: user.email });
    });
    return { message: VERIFICATION_MESSAGES.changeSent(data.newEmail) };
  }

  private async consume(userId: string): Promise<void> {
    const d = await this.deps.limits.consume(VERIFICATION_THROTTLE.perAccount, userId);
    if (!d.allowed) throw new DomainError('RATE_LIMITED', VERIFICATION_MESSAGES.tooMany(minutesUntil(d)), undefined, d.retryAfterSeconds);
  }
}
