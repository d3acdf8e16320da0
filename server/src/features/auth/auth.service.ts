import { randomUUID } from 'node:crypto';
import { LockMode } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { LoginThrottle } from '../../platform/security/login-throttle';
import type { SignUpThrottle } from '../../platform/security/signup-throttle';
import type { SecretBox } from '../../platform/security/secret-box';
import type { Clock } from '../../platform/shared/clock';
import type { Outbox } from '../../platform/outbox/outbox';
import type { ACCOUNT_TOPICS, OutboxPayload } from '../../platform/outbox/outbox.topics';
import { requireViewer, type ServiceContext } from '../../platform/shared/context';
import { conflict, DomainError, forbidden, PG, pgErrorCode, unauthenticated } from '../../platform/shared/errors';
import { parseInput } from '../../platform/shared/validation';
import { User, UserRole } from '../users';
import type { AccountTokens } from './account-tokens';
import {
  assertStrongPassword,
  ChangePasswordSchema,
  LoginSchema,
  PasswordStrengthSchema,
  RefreshSchema,
  RegisterSchema,
  type ChangePasswordInput,
  type LoginInput,
  type RegisterInput,
} from './auth.inputs';
import { passwordStrength, type PasswordStrengthView } from './password-strength';
import { dummyPasswordHash, hashPassword, verifyPassword } from './passwords';
import { RefreshToken } from './refresh-token.entity';
import type { SessionRevocations } from '../../platform/auth/sessions';
import type { SessionClient, SessionsList } from './sessions-list';
import type { TwoFactorService } from './two-factor';
import { hashRefreshToken, newRefreshToken, type TokenIssuer } from '../../platform/auth/tokens';

export interface AuthTokens {
  accessToken: string;
  refreshToken: string;
  accessTokenExpiresAt: Date;
}

export interface AuthResult {
  user: User;
  tokens: AuthTokens;
}

export const AUTH_MESSAGES = {
  invalidCredentials: 'Invalid email or password',
  emailTaken: 'An account with this email already exists',
  invalidRefresh: 'Invalid or expired refresh token',
  refreshReused: 'Refresh token was already used; all sessions of this sign-in were revoked. Please sign in again',
  wrongCurrentPassword: 'Current password is incorrect',
  suspended: 'This account is suspended. Contact support to find out why and what you can do.',
} as const;

/**
 * A refresh token presented again this soon after its rotation is a concurrent refresh, not theft:
 * two tabs refreshing at the same moment (a live update makes both refetch at once), or a page
 * reloaded while its refresh was in flight (the server rotated the token, the answer was lost).
 * It gets a fresh pair in the same family; a reuse after this window still revokes the family.
 */
export const REFRESH_REUSE_GRACE_MS = 30_000;

/** Accounts and sessions: registration, sign-in, token rotation, sign-out, password change. */
export class AuthService {
  constructor(
    private readonly deps: {
      tokens: TokenIssuer;
      clock: Clock;
      refreshTtlDays: number;
      loginThrottle?: LoginThrottle;
      signUpThrottle?: SignUpThrottle;
      /** Told after commit which sessions were revoked, so their access tokens stop working everywhere. */
      sessions?: SessionRevocations;
      /** Two-step sign-in: sign-in's second step and the fresh code of sensitive actions. */
      twoFactor?: TwoFactorService;
      /** Records each session's device and address (the account's list of sessions). */
      sessionsList?: SessionsList;
      /** Account e-mails (verification, security notices) are outbox events, in the change's transaction. */
      outbox: Outbox;
      accountTokens: AccountTokens;
      /** Seals a link's token (bound to its user) for the e-mail worker: the database keeps only its hash otherwise. */
      box: SecretBox;
      /** The account's display name (its profile), a word that counts against its password. */
      displayNameOf?: (em: EntityManager, userId: string) => Promise<string | null>;
    },
  ) {}

  async register(ctx: ServiceContext, input: RegisterInput): Promise<AuthResult> {
    const data = parseInput(RegisterSchema, input);
    // Counted before the (deliberately slow) password hash.
    await this.deps.signUpThrottle?.assertAllowed(ctx.ip);
    assertStrongPassword(data.password, 'password', { email: data.email });
    const passwordHash = await hashPassword(data.password);
    try {
      return await ctx.em.transactional(async (em) => {
        const user = em.create(User, { email: data.email, passwordHash, accountType: data.accountType });
        em.persist(user);
        await em.flush();
        await this.sendVerification(em, user.id, user.email);
        return { user, tokens: await this.startSession(em, user, ctx) };
      });
    } catch (err) {
      if (pgErrorCode(err) === PG.uniqueViolation) throw conflict(AUTH_MESSAGES.emailTaken);
      throw err;
    }
  }

  async login(ctx: ServiceContext, input: LoginInput): Promise<AuthResult> {
    const data = parseInput(LoginSchema, input);
    // The attempt is counted (atomically) before the (deliberately slow) password check: parallel
    // guesses cannot all pass a check that has not counted the others yet.
    await this.deps.loginThrottle?.attempt(data.email, ctx.ip);
    const user = await ctx.em.findOne(User, { email: data.email }, { populate: ['passwordHash'] });
    const ok = await verifyPassword(user?.passwordHash ?? (await dummyPasswordHash()), data.password);
    if (!user || !ok) throw unauthenticated(AUTH_MESSAGES.invalidCredentials);
    // Two-step sign-in: a wrong code leaves the attempt counted, like a wrong password; a missing
    // one (the form's first step) gives it back.
    try {
      await this.deps.twoFactor?.assertSignInCode(user.id, data.code);
    } catch (err) {
      if (!data.code) await this.deps.loginThrottle?.refund(data.email, ctx.ip);
      throw err;
    }
    await this.deps.loginThrottle?.succeeded(data.email, ctx.ip);
    // Told only to whoever knows the password.
    if (user.suspendedAt) throw forbidden(AUTH_MESSAGES.suspended);
    return ctx.em.transactional(async (em) => ({ user, tokens: await this.startSession(em, user, ctx) }));
  }

  /** Rotates a refresh token. Presenting a used or revoked token revokes its whole family. */
  async refresh(ctx: ServiceContext, input: { refreshToken?: unknown }): Promise<AuthResult> {
    const { refreshToken } = parseInput(RefreshSchema, input);
    const now = this.deps.clock.now();
    const outcome = await ctx.em.transactional(async (em) => {
      const current = await em.findOne(
        RefreshToken,
        { tokenHash: hashRefreshToken(refreshToken) },
        { lockMode: LockMode.PESSIMISTIC_WRITE, populate: ['user'] },
      );
      if (!current) return { error: AUTH_MESSAGES.invalidRefresh };
      const concurrent = current.rotatedAt != null && now.getTime() - current.rotatedAt.getTime() <= REFRESH_REUSE_GRACE_MS;
      if (current.revokedAt || (current.rotatedAt && !concurrent)) {
        await this.revokeFamily(em, current.familyId, now);
        return { error: AUTH_MESSAGES.refreshReused, revoked: current.familyId };
      }
      if (current.expiresAt <= now) return { error: AUTH_MESSAGES.invalidRefresh };
      const user = current.user.getEntity();
      if (user.suspendedAt) {
        await this.revokeFamily(em, current.familyId, now);
        return { error: AUTH_MESSAGES.suspended, revoked: current.familyId };
      }
      current.rotatedAt ??= now;
      const tokens = await this.issueTokens(em, user, current.familyId, ctx);
      return { result: { user, tokens } };
    });
    // The family revocation above is committed before we refuse.
    if ('error' in outcome) {
      if (outcome.revoked) await this.deps.sessions?.revoked([outcome.revoked]);
      throw unauthenticated(outcome.error);
    }
    return outcome.result;
  }

  /** Revokes the given session (or, without a token, every session of the viewer). */
  async logout(ctx: ServiceContext, input: { refreshToken?: unknown } = {}): Promise<boolean> {
    const now = this.deps.clock.now();
    const token = typeof input.refreshToken === 'string' && input.refreshToken ? input.refreshToken : undefined;
    if (token) {
      const found = await ctx.em.findOne(RefreshToken, { tokenHash: hashRefreshToken(token) });
      if (found) {
        await this.revokeFamily(ctx.em, found.familyId, now);
        await this.deps.sessions?.revoked([found.familyId]);
      }
      return true;
    }
    const viewer = requireViewer(ctx);
    const revoked = await ctx.em.transactional((em) => this.revokeAllSessions(em, viewer.id, now));
    await this.deps.sessions?.revoked(revoked);
    return true;
  }

  /** The live meter's estimate of a new password (BAD_USER_INPUT naming `password` when it is not 1-128 characters of text). */
  passwordStrength(input: { password?: unknown; email?: unknown; displayName?: unknown }): PasswordStrengthView {
    const { password, email, displayName } = parseInput(PasswordStrengthSchema, input);
    return passwordStrength(password, { email, displayName });
  }

  async me(ctx: ServiceContext): Promise<User> {
    const viewer = requireViewer(ctx);
    const user = await ctx.em.findOne(User, { id: viewer.id });
    if (!user) throw unauthenticated();
    return user;
  }

  /** Changes the password, signs out every other session and returns a fresh one. */
  async changePassword(ctx: ServiceContext, input: ChangePasswordInput): Promise<AuthResult> {
    const viewer = requireViewer(ctx);
    const data = parseInput(ChangePasswordSchema, input);
    const user = await this.checkPassword(ctx, viewer.id, data.currentPassword, 'currentPassword');
    assertStrongPassword(data.newPassword, 'newPassword', { email: user.email, displayName: await this.displayName(ctx.em, user.id) });
    const passwordHash = await hashPassword(data.newPassword);
    const now = this.deps.clock.now();
    const { result, revoked } = await ctx.em.transactional(async (em) => {
      const revoked = await this.replacePassword(em, user, passwordHash, now, 'changed');
      return { result: { user, tokens: await this.startSession(em, user, ctx) }, revoked };
    });
    await this.deps.sessions?.revoked(revoked);
    return result;
  }

  /**
   * The signed-in user's current password, checked like a sign-in (counted first, in the same
   * throttle, so a stolen session cannot guess it fast); BAD_USER_INPUT naming `field` when wrong.
   */
  async checkPassword(ctx: ServiceContext, userId: string, password: string, field: string): Promise<User> {
    const user = await ctx.em.findOne(User, { id: userId }, { populate: ['passwordHash'] });
    if (!user) throw unauthenticated();
    await this.deps.loginThrottle?.attempt(user.email, ctx.ip);
    if (!(await verifyPassword(user.passwordHash, password))) {
      throw new DomainError('BAD_USER_INPUT', AUTH_MESSAGES.wrongCurrentPassword, field);
    }
    await this.deps.loginThrottle?.succeeded(user.email, ctx.ip);
    return user;
  }

  /**
   * Every route that changes a password (change, reset) goes through here, in its transaction:
   * the new hash, every reset link voided, every session revoked (returned, to announce after
   * commit), and the "your password was changed" e-mail queued.
   */
  async replacePassword(em: EntityManager, user: User, passwordHash: string, now: Date, how: 'changed' | 'reset'): Promise<string[]> {
    user.passwordHash = passwordHash;
    em.persist(user);
    await em.flush();
    await this.deps.accountTokens.voidAll(em, user.id, ['password_reset'], now);
    const revoked = await this.revokeAllSessions(em, user.id, now);
    await this.accountEmail(em, 'account.password_changed', user.id, { how, at: now.toISOString() });
    return revoked;
  }

  /** A verification link for `address` (the account's, or the new one of an e-mail change), e-mailed there. */
  async sendVerification(em: EntityManager, userId: string, address: string): Promise<void> {
    const token = await this.deps.accountTokens.issue(em, { userId, purpose: 'verify_email', email: address, now: this.deps.clock.now() });
    await this.accountEmail(em, 'account.verify_email', userId, { sealedToken: this.deps.box.seal(token, userId), toAddress: address });
  }

  /** Queues an account e-mail to the user (the outbox -> notifications -> mail pipeline), in `em`'s transaction. */
  async accountEmail<T extends (typeof ACCOUNT_TOPICS)[number]>(em: EntityManager, topic: T, userId: string, payload: OutboxPayload<T>): Promise<void> {
    await this.deps.outbox.publish(em, { topic, aggregateId: userId, actorUserId: null, audienceUserIds: [userId], payload });
  }

  /** The account's display name (from its profile), or null. */
  async displayName(em: EntityManager, userId: string): Promise<string | null> {
    return (await this.deps.displayNameOf?.(em, userId)) ?? null;
  }

  /** Announces sessions revoked by a committed change (their tokens stop working, their sockets close, on every instance). */
  async announceRevoked(sessionIds: string[]): Promise<void> {
    await this.deps.sessions?.revoked(sessionIds);
  }

  /** Creates a support account, or promotes an existing one (used by the CLI and the demo seed). */
  async upsertSupportUser(em: EntityManager, email: string, password: string): Promise<User> {
    const data = parseInput(RegisterSchema, { email, password, accountType: 'brand' });
    assertStrongPassword(data.password, 'password', { email: data.email });
    const passwordHash = await hashPassword(data.password);
    const existing = await em.findOne(User, { email: data.email });
    const user = existing ?? em.create(User, { email: data.email, passwordHash, accountType: data.accountType });
    user.role = UserRole.SUPPORT;
    user.passwordHash = passwordHash;
    // Staff accounts are made by an operator who knows the address.
    user.emailVerifiedAt ??= new Date();
    await em.persist(user).flush();
    await this.deps.accountTokens.voidAll(em, user.id, ['password_reset'], new Date());
    return user;
  }

  /**
   * The one check of a sensitive action (payout details, API keys, webhook endpoints, the e-mail
   * address): when the account has two-step sign-in, `code` must be a current TOTP code, else
   * TWO_FACTOR_REQUIRED; without two-step sign-in it passes. Other features call it through
   * `services.auth`.
   */
  requireFreshSecondFactor(userId: string, code: unknown): Promise<void> {
    return this.deps.twoFactor?.requireFresh(userId, code) ?? Promise.resolve();
  }

  private startSession(em: EntityManager, user: User, client: SessionClient = {}): Promise<AuthTokens> {
    return this.issueTokens(em, user, randomUUID(), client);
  }

  private async issueTokens(em: EntityManager, user: User, familyId: string, client: SessionClient = {}): Promise<AuthTokens> {
    const now = this.deps.clock.now();
    const refreshToken = newRefreshToken();
    em.create(RefreshToken, {
      user,
      familyId,
      tokenHash: hashRefreshToken(refreshToken),
      expiresAt: new Date(now.getTime() + this.deps.refreshTtlDays * 86_400_000),
    });
    await em.flush();
    await this.deps.sessionsList?.record(em, familyId, user.id, { ip: client.ip, userAgent: client.userAgent });
    const access = this.deps.tokens.signAccessToken(
      { sub: user.id, role: user.role, acct: user.accountType, sid: familyId },
      now,
    );
    return { accessToken: access.token, refreshToken, accessTokenExpiresAt: access.expiresAt };
  }

  /** Revokes every live session of the user; returns their ids (families). */
  async revokeAllSessions(em: EntityManager, userId: string, now: Date): Promise<string[]> {
    const live = await em.find(RefreshToken, { user: userId, revokedAt: null }, { fields: ['familyId'] });
    await em.nativeUpdate(RefreshToken, { user: userId, revokedAt: null }, { revokedAt: now });
    return [...new Set(live.map((t) => t.familyId))];
  }

  private async revokeFamily(em: EntityManager, familyId: string, now: Date): Promise<void> {
    await em.nativeUpdate(RefreshToken, { familyId, revokedAt: null }, { revokedAt: now });
  }
}
