import { createHash, randomInt } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { generateSecret, generateURI, verify } from 'otplib';
import QRCode from 'qrcode';
import type { Logger } from 'pino';
import { z } from 'zod';
import type { Orm } from '../../platform/db/orm';
import { minutesUntil, type LimitRule, type RateLimitStore } from '../../platform/security/rate-limits';
import type { SecretBox } from '../../platform/security/secret-box';
import type { Clock } from '../../platform/shared/clock';
import { requirePerson, type ServiceContext } from '../../platform/shared/context';
import { badInput, conflict, DomainError, forbidden, notFound, rateLimited } from '../../platform/shared/errors';
import { parseInput } from '../../platform/shared/validation';
import { User, UserRole } from '../users';
import { verifyPassword } from './passwords';

/** TOTP as every authenticator app reads it: RFC 6238, SHA-1, 6 digits, 30-second steps. */
const ISSUER = 'CollabHub';
const STEP_SECONDS = 30;
/** A code of the step before or after is accepted too (clocks drift, people type slowly). */
const TOLERANCE_SECONDS = STEP_SECONDS;
const RECOVERY_CODE_COUNT = 10;
/** 16 characters of a 32-letter alphabet without look-alikes: 80 bits, so a SHA-256 of one is safe to store. */
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz234567890';

/**
 * Wrong codes of one account (sign-in, fresh codes, disable), counted before each check in the shared
 * limit store: past 10 in 15 minutes every code of the account is refused until the window ends.
 * Only someone who already has the password (sign-in) or the session can guess, so refusing is safe.
 */
export const SECOND_FACTOR_THROTTLE: LimitRule = { name: '2fa:account', points: 10, durationSeconds: 15 * 60 };

export const TWO_FACTOR_MESSAGES = {
  required: 'Enter the 6-digit code from your authenticator app, or one of your recovery codes',
  freshRequired: 'This action needs a current 6-digit code from your authenticator app (two-step sign-in is on)',
  invalid: 'That code is not valid or was already used; enter the current code from your authenticator app',
  invalidOrRecovery: 'That code is not valid or was already used; enter the current code from your authenticator app or an unused recovery code',
  alreadyEnabled: 'Two-step sign-in is already on; turn it off first to set it up again',
  noSetup: 'Start with setup: scan the QR code, then enter the code it shows',
  notEnabled: 'Two-step sign-in is not on for this account',
  wrongPassword: 'Password is incorrect',
  supportOnly: 'Only support can reset two-step sign-in',
} as const;

export const twoFactorRequired = (message: string = TWO_FACTOR_MESSAGES.required) => new DomainError('TWO_FACTOR_REQUIRED', message, 'code');

const code = (field = 'code') =>
  z
    .string({ error: `${field} is required` })
    .trim()
    .min(1, `${field} is required`)
    .max(64, `${field} is too long`);

export const EnableTwoFactorSchema = z.object({ code: code() });
export const DisableTwoFactorSchema = z.object({
  password: z.string({ error: 'password is required' }).min(1, 'password is required').max(256, 'password is too long'),
  code: code(),
});
export const SupportResetTwoFactorSchema = z.object({
  userId: z.uuid({ error: 'userId must be an account id' }),
  reason: z.string({ error: 'reason is required' }).trim().min(3, 'reason is required (what the owner proved, ticket number)').max(500, 'reason is at most 500 characters'),
});
const OptionalCodeSchema = z.object({ code: code().optional().nullable() });

export interface TwoFactorSetup {
  secret: string;
  otpauthUrl: string;
  /** The otpauth URL as a QR code (PNG data URL) for the authenticator app to scan. */
  qrDataUrl: string;
}

export interface TwoFactorStatus {
  enabled: boolean;
  enabledAt: Date | null;
  recoveryCodesLeft: number;
}

const normalizeRecovery = (code: string) => code.toLowerCase().replace(/[\s-]/g, '');
const hashRecovery = (code: string) => createHash('sha256').update(normalizeRecovery(code)).digest('hex');

/** Ten fresh codes, shown once as `xxxx-xxxx-xxxx-xxxx`. */
function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const chars = Array.from({ length: 16 }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]).join('');
    return chars.match(/.{4}/g)!.join('-');
  });
}

/**
 * Two-step sign-in (TOTP, RFC 6238, with otplib): enrolment (a secret sealed with SECRETS_KEY, its QR
 * code, confirmed by a first code), ten single-use recovery codes stored as SHA-256 hashes, the code
 * check of sign-in and of sensitive actions (`requireFresh`), disabling, and support's audited reset.
 * A TOTP code is accepted once: the step it belongs to is kept, and a code of that step or an earlier
 * one is refused afterwards.
 */
export class TwoFactorService {
  constructor(
    private readonly deps: {
      orm: Orm;
      clock: Clock;
      box: SecretBox;
      limits: RateLimitStore;
      logger?: Logger;
      /** Support's audit log (`services.support.audit`), written in the reset's transaction. */
      audit?: (
        em: EntityManager,
        entry: { actorId: string; action: string; targetUserId: string; reason: string; metadata?: Record<string, unknown>; at: Date },
      ) => Promise<unknown>;
    },
  ) {}

  /** The viewer's own status (no API key). */
  myStatus(ctx: ServiceContext): Promise<TwoFactorStatus> {
    return this.status(ctx.em, requirePerson(ctx).id);
  }

  async status(em: EntityManager, userId: string): Promise<TwoFactorStatus> {
    const [row] = await em.getConnection().execute<{ enabled_at: Date | string | null; left: string | number }[]>(
      `select c.enabled_at, (select count(*) from two_factor_recovery_codes r where r.user_id = c.user_id and r.used_at is null) as left
       from two_factor_credentials c where c.user_id = ? and c.enabled_at is not null`,
      [userId],
    );
    return { enabled: Boolean(row), enabledAt: row?.enabled_at ? new Date(row.enabled_at) : null, recoveryCodesLeft: row ? Number(row.left) : 0 };
  }

  /** A new secret for the viewer (replacing an unconfirmed one); on once `enable` gets its first code. */
  async setup(ctx: ServiceContext): Promise<TwoFactorSetup> {
    const viewer = requirePerson(ctx);
    const user = await ctx.em.findOne(User, { id: viewer.id });
    if (!user) throw notFound('User not found');
    const secret = generateSecret();
    const now = this.deps.clock.now();
    const rows = await ctx.em.getConnection().execute<{ user_id: string }[]>(
      `insert into two_factor_credentials (user_id, secret_sealed, enabled_at, last_used_step, created_at, updated_at)
       values (?, ?, null, null, ?, ?)
       on conflict (user_id) do update set secret_sealed = excluded.secret_sealed, last_used_step = null, updated_at = excluded.updated_at
       where two_factor_credentials.enabled_at is null
       returning user_id`,
      [viewer.id, this.deps.box.seal(secret, viewer.id), now, now],
    );
    if (rows.length === 0) throw conflict(TWO_FACTOR_MESSAGES.alreadyEnabled);
    const otpauthUrl = generateURI({ issuer: ISSUER, label: user.email, secret });
    const qrDataUrl = await QRCode.toDataURL(otpauthUrl, { errorCorrectionLevel: 'M', margin: 2, width: 240 });
    return { secret, otpauthUrl, qrDataUrl };
  }

  /** Turns two-step sign-in on with the first code of the secret from `setup`; returns the recovery codes (shown once). */
  async enable(ctx: ServiceContext, input: { code?: unknown }): Promise<{ recoveryCodes: string[] }> {
    const viewer = requirePerson(ctx);
    const data = parseInput(EnableTwoFactorSchema, input);
    const codes = newRecoveryCodes();
    const now = this.deps.clock.now();
    await this.throttled(viewer.id, async () =>
      ctx.em.transactional(async (em) => {
        const [row] = await em.execute<{ secret_sealed: string; enabled_at: Date | null }[]>(
          'select secret_sealed, enabled_at from two_factor_credentials where user_id = ? for update',
          [viewer.id],
        );
        if (!row) throw badInput(TWO_FACTOR_MESSAGES.noSetup, 'code');
        if (row.enabled_at) throw conflict(TWO_FACTOR_MESSAGES.alreadyEnabled);
        const step = await this.totpStep(this.deps.box.open(row.secret_sealed, viewer.id), data.code, null);
        if (step === null) return false;
        await em.execute('update two_factor_credentials set enabled_at = ?, last_used_step = ?, updated_at = ? where user_id = ?', [now, step, now, viewer.id]);
        await this.replaceRecoveryCodes(em, viewer.id, codes, now);
        return true;
      }),
    ).then((ok) => {
      if (!ok) throw badInput(TWO_FACTOR_MESSAGES.invalid, 'code');
    });
    return { recoveryCodes: codes };
  }

  /** Turns it off: the account's password and a current code (or a recovery code). */
  async disable(ctx: ServiceContext, input: { password?: unknown; code?: unknown }): Promise<boolean> {
    const viewer = requirePerson(ctx);
    const data = parseInput(DisableTwoFactorSchema, input);
    const user = await ctx.em.findOne(User, { id: viewer.id }, { populate: ['passwordHash'] });
    if (!user) throw notFound('User not found');
    if (!(await this.status(ctx.em, viewer.id)).enabled) throw conflict(TWO_FACTOR_MESSAGES.notEnabled);
    const ok = await this.throttled(viewer.id, async () => (await verifyPassword(user.passwordHash, data.password)) || null);
    if (!ok) throw badInput(TWO_FACTOR_MESSAGES.wrongPassword, 'password');
    if (!(await this.consumeCode(viewer.id, data.code, { recovery: true }))) throw badInput(TWO_FACTOR_MESSAGES.invalidOrRecovery, 'code');
    await this.remove(ctx.em, viewer.id);
    return true;
  }

  /**
   * Sign-in's second step: nothing for an account without two-step sign-in; else a current TOTP code
   * or an unused recovery code, or TWO_FACTOR_REQUIRED (401). `onWrongCode` counts a wrong code like a
   * wrong password (the sign-in throttle).
   */
  async assertSignInCode(userId: string, code: string | null | undefined, onWrongCode?: () => Promise<void>): Promise<void> {
    if (!(await this.isEnabled(userId))) return;
    if (!code) throw twoFactorRequired(TWO_FACTOR_MESSAGES.required);
    if (await this.consumeCode(userId, code, { recovery: true })) return;
    await onWrongCode?.();
    throw twoFactorRequired(TWO_FACTOR_MESSAGES.invalidOrRecovery);
  }

  /**
   * For sensitive actions (payout details, API keys, webhook endpoints, the e-mail address): when the
   * account has two-step sign-in, a current TOTP code is required (TWO_FACTOR_REQUIRED when missing or
   * wrong); without it, nothing is asked.
   */
  async requireFresh(userId: string, input: unknown): Promise<void> {
    if (!(await this.isEnabled(userId))) return;
    const { code } = parseInput(OptionalCodeSchema, { code: input });
    if (!code) throw twoFactorRequired(TWO_FACTOR_MESSAGES.freshRequired);
    if (!(await this.consumeCode(userId, code, { recovery: false }))) throw twoFactorRequired(TWO_FACTOR_MESSAGES.invalid);
  }

  /** Support: whether an account has two-step sign-in (support only). */
  async supportStatus(ctx: ServiceContext, userId: unknown): Promise<TwoFactorStatus> {
    const viewer = requirePerson(ctx);
    if (viewer.role !== UserRole.SUPPORT) throw forbidden(TWO_FACTOR_MESSAGES.supportOnly);
    const { userId: id } = parseInput(SupportResetTwoFactorSchema.pick({ userId: true }), { userId });
    return this.status(ctx.em, id);
  }

  /** Support turns two-step sign-in off for an owner who lost their device (support only; the reason is kept). */
  async supportReset(ctx: ServiceContext, input: { userId?: unknown; reason?: unknown }): Promise<{ userId: string; reason: string; wasEnabled: boolean }> {
    const viewer = requirePerson(ctx);
    if (viewer.role !== UserRole.SUPPORT) throw forbidden(TWO_FACTOR_MESSAGES.supportOnly);
    const data = parseInput(SupportResetTwoFactorSchema, input);
    const user = await ctx.em.findOne(User, { id: data.userId });
    if (!user) throw notFound('User not found');
    const wasEnabled = (await this.status(ctx.em, user.id)).enabled;
    // The reset and its audit row commit together, or neither.
    await ctx.em.transactional(async (em) => {
      await this.remove(em, user.id);
      await this.deps.audit?.(em, {
        actorId: viewer.id,
        action: 'account.two_factor_reset',
        targetUserId: user.id,
        reason: data.reason,
        metadata: { wasEnabled },
        at: this.deps.clock.now(),
      });
    });
    return { userId: user.id, reason: data.reason, wasEnabled };
  }

  private async isEnabled(userId: string): Promise<boolean> {
    const rows = await this.deps.orm.em
      .getConnection()
      .execute<{ one: number }[]>('select 1 as one from two_factor_credentials where user_id = ? and enabled_at is not null', [userId]);
    return rows.length > 0;
  }

  private async remove(em: EntityManager, userId: string): Promise<void> {
    await em.transactional(async (tx) => {
      await tx.execute('delete from two_factor_recovery_codes where user_id = ?', [userId]);
      await tx.execute('delete from two_factor_credentials where user_id = ?', [userId]);
    });
  }

  private async replaceRecoveryCodes(em: EntityManager, userId: string, codes: string[], now: Date): Promise<void> {
    await em.execute('delete from two_factor_recovery_codes where user_id = ?', [userId]);
    await em.execute(
      'insert into two_factor_recovery_codes (user_id, code_hash, created_at) select ?, h, ? from unnest(array[?]::text[]) as h',
      [userId, now, codes.map(hashRecovery)],
    );
  }

  /**
   * Checks a code and uses it up: a TOTP code of a step after the last one used (the row is locked,
   * so two requests cannot both use one code), or, when `recovery`, an unused recovery code. Counted
   * by the second-factor throttle.
   */
  private consumeCode(userId: string, code: string, opts: { recovery: boolean }): Promise<boolean> {
    return this.throttled(userId, async () => {
      const trimmed = code.trim();
      if (/^\d{6}$/.test(trimmed)) {
        return this.deps.orm.em.fork().transactional(async (em) => {
          const [row] = await em.execute<{ secret_sealed: string; last_used_step: string | null }[]>(
            'select secret_sealed, last_used_step from two_factor_credentials where user_id = ? and enabled_at is not null for update',
            [userId],
          );
          if (!row) return false;
          const last = row.last_used_step === null ? null : Number(row.last_used_step);
          const step = await this.totpStep(this.deps.box.open(row.secret_sealed, userId), trimmed, last);
          if (step === null) return false;
          await em.execute('update two_factor_credentials set last_used_step = ? where user_id = ?', [step, userId]);
          return true;
        });
      }
      if (!opts.recovery || normalizeRecovery(trimmed).length !== 16) return false;
      const used = await this.deps.orm.em
        .getConnection()
        .execute<{ id: string }[]>(
          'update two_factor_recovery_codes set used_at = ? where user_id = ? and code_hash = ? and used_at is null returning id',
          [this.deps.clock.now(), userId, hashRecovery(trimmed)],
        );
      return used.length > 0;
    }).then((ok) => ok === true);
  }

  /** The time step of a valid code (after `afterStep`, if given), or null. */
  private async totpStep(secret: string, token: string, afterStep: number | null): Promise<number | null> {
    if (!/^\d{6}$/.test(token)) return null;
    const result = await verify({
      secret,
      token,
      epoch: Math.floor(this.deps.clock.now().getTime() / 1000),
      epochTolerance: TOLERANCE_SECONDS,
      ...(afterStep !== null ? { afterTimeStep: afterStep } : {}),
    });
    return result.valid && 'timeStep' in result ? result.timeStep : null;
  }

  /**
   * Runs one code check under the second-factor throttle: a point is taken before the check (so
   * parallel guesses cannot pass the limit) and the count cleared after a right code.
   */
  private async throttled<T>(userId: string, check: () => Promise<T | null | false>): Promise<T | null | false> {
    const decision = await this.deps.limits.consume(SECOND_FACTOR_THROTTLE, userId);
    if (!decision.allowed) {
      throw rateLimited(`Too many wrong codes. Try again in ${minutesUntil(decision)}.`, decision.retryAfterSeconds);
    }
    const result = await check();
    if (result) await this.deps.limits.reset(SECOND_FACTOR_THROTTLE, userId);
    return result;
  }
}
