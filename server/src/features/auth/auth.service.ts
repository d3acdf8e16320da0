import { randomUUID } from 'node:crypto';
import { LockMode } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { LoginThrottle } from '../../platform/security/login-throttle';
import type { SignUpThrottle } from '../../platform/security/signup-throttle';
import type { Clock } from '../../platform/shared/clock';
import { requireViewer, type ServiceContext } from '../../platform/shared/context';
import { conflict, DomainError, PG, pgErrorCode, unauthenticated } from '../../platform/shared/errors';
import { parseInput } from '../../platform/shared/validation';
import { User, UserRole } from '../users/user.entity';
import {
  ChangePasswordSchema,
  LoginSchema,
  RefreshSchema,
  RegisterSchema,
  type ChangePasswordInput,
  type LoginInput,
  type RegisterInput,
} from './auth.inputs';
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
    },
  ) {}

  async register(ctx: ServiceContext, input: RegisterInput): Promise<AuthResult> {
    const data = parseInput(RegisterSchema, input);
    // Counted before the (deliberately slow) password hash.
    await this.deps.signUpThrottle?.assertAllowed(ctx.ip);
    const passwordHash = await hashPassword(data.password);
    try {
      return await ctx.em.transactional(async (em) => {
        const user = em.create(User, { email: data.email, passwordHash, accountType: data.accountType });
        em.persist(user);
        await em.flush();
        return { user, tokens: await this.startSession(em, user, ctx) };
      });
    } catch (err) {
      if (pgErrorCode(err) === PG.uniqueViolation) throw conflict(AUTH_MESSAGES.emailTaken);
      throw err;
    }
  }

  async login(ctx: ServiceContext, input: LoginInput): Promise<AuthResult> {
    const data = parseInput(LoginSchema, input);
    // Throttled per account and per IP before the (deliberately slow) password check.
    await this.deps.loginThrottle?.assertAllowed(data.email, ctx.ip);
    const user = await ctx.em.findOne(User, { email: data.email }, { populate: ['passwordHash'] });
    const ok = await verifyPassword(user?.passwordHash ?? (await dummyPasswordHash()), data.password);
    if (!user || !ok) {
      await this.deps.loginThrottle?.recordFailure(data.email, ctx.ip);
      throw unauthenticated(AUTH_MESSAGES.invalidCredentials);
    }
    // Two-step sign-in: a wrong code counts like a wrong password.
    await this.deps.twoFactor?.assertSignInCode(user.id, data.code, async () => {
      await this.deps.loginThrottle?.recordFailure(data.email, ctx.ip);
    });
    await this.deps.loginThrottle?.recordSuccess(data.email, ctx.ip);
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
      current.rotatedAt ??= now;
      const user = current.user.getEntity();
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
    const user = await ctx.em.findOne(User, { id: viewer.id }, { populate: ['passwordHash'] });
    if (!user) throw unauthenticated();
    if (!(await verifyPassword(user.passwordHash, data.currentPassword))) {
      throw new DomainError('BAD_USER_INPUT', AUTH_MESSAGES.wrongCurrentPassword, 'currentPassword');
    }
    const passwordHash = await hashPassword(data.newPassword);
    const now = this.deps.clock.now();
    const { result, revoked } = await ctx.em.transactional(async (em) => {
      user.passwordHash = passwordHash;
      const revoked = await this.revokeAllSessions(em, user.id, now);
      return { result: { user, tokens: await this.startSession(em, user, ctx) }, revoked };
    });
    await this.deps.sessions?.revoked(revoked);
    return result;
  }

  /** Creates a support account, or promotes an existing one (used by the CLI and the demo seed). */
  async upsertSupportUser(em: EntityManager, email: string, password: string): Promise<User> {
    const data = parseInput(RegisterSchema, { email, password, accountType: 'brand' });
    const passwordHash = await hashPassword(data.password);
    const existing = await em.findOne(User, { email: data.email });
    const user = existing ?? em.create(User, { email: data.email, passwordHash, accountType: data.accountType });
    user.role = UserRole.SUPPORT;
    user.passwordHash = passwordHash;
    // Staff accounts are made by an operator who knows the address.
    user.emailVerifiedAt ??= new Date();
    await em.persist(user).flush();
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
  private async revokeAllSessions(em: EntityManager, userId: string, now: Date): Promise<string[]> {
    const live = await em.find(RefreshToken, { user: userId, revokedAt: null }, { fields: ['familyId'] });
    await em.nativeUpdate(RefreshToken, { user: userId, revokedAt: null }, { revokedAt: now });
    return [...new Set(live.map((t) => t.familyId))];
  }

  private async revokeFamily(em: EntityManager, familyId: string, now: Date): Promise<void> {
    await em.nativeUpdate(RefreshToken, { familyId, revokedAt: null }, { revokedAt: now });
  }
}
