import { LockMode } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { SecondFactorCheck } from '../../platform/shared/second-factor';
import type { Clock } from '../../platform/shared/clock';
import type { EventBus } from '../../platform/shared/events';
import { requireViewer, type ServiceContext, type Viewer } from '../../platform/shared/context';
import { badInput, conflict, forbidden, notFound, unauthenticated } from '../../platform/shared/errors';
import { parseInput } from '../../platform/shared/validation';
import { emailNotVerified } from '../users';
import { User, UserRole } from '../users';
import { ApiKey } from './api-key.entity';
import { ApiKeyCache } from './api-key-cache';
import type { ApiKeyUsageRecorder } from './api-key-usage';
import { hashApiKey, isWellFormedApiKey, newApiKeySecret } from './api-key.secret';
import { ApiKeyIdSchema, CreateApiKeySchema, type CreateApiKeyInput } from './partners.inputs';
import { requireSupportReason, SUPPORT_ACTIONS, type SupportAuditInput } from '../support';

export const MAX_ACTIVE_KEYS = 10;
const LIST_LIMIT = 100;
const HOUR_MS = 3_600_000;
/** The usage chart's span: hourly counts over the last 7 days. */
export const USAGE_HOURS = 7 * 24;

export const PARTNER_MESSAGES = {
  invalidKey: 'Invalid or revoked API key',
  expiredKey: 'API key expired',
  suspended: 'This account is suspended',
  keysCannotManageKeys: 'API keys cannot manage API keys; sign in to do this',
  staffAccount: 'API keys are for creator and brand accounts, not support staff',
  tooMany: `An account can have at most ${MAX_ACTIVE_KEYS} active API keys; revoke one first`,
  notFound: 'API key not found',
  supportOnly: 'Only support staff can do this',
} as const;

export enum ApiKeyStatus {
  ACTIVE = 'active',
  EXPIRED = 'expired',
  REVOKED = 'revoked',
}

export interface ApiKeyView {
  id: string;
  userId: string;
  name: string;
  prefix: string;
  createdAt: Date;
  lastUsedAt: Date | null;
  expiresAt: Date | null;
  revokedAt: Date | null;
  status: ApiKeyStatus;
  /** Requests per minute the key may make. */
  rateLimitPerMinute: number;
}

export interface ApiKeyUsageHour {
  hour: Date;
  requests: number;
}

export interface CreatedApiKey {
  apiKey: ApiKeyView;
  /** The key itself; shown once and never stored. */
  secret: string;
}

/**
 * Partner API keys: creator and brand accounts make keys for their integrations, see them listed
 * without the secret, and revoke them. Support staff read any account's keys and may revoke one
 * (with a reason, audited); they never make a key for anyone. A key acts as its
 * owner, read-only (see docs/partners.md; transports refuse writes made with a key).
 */
export class PartnersService {
  private readonly cache = new ApiKeyCache();
  private readonly unsubscribe: () => void;

  constructor(
    private readonly deps: {
      clock: Clock;
      events: EventBus;
      usage: ApiKeyUsageRecorder;
      rateLimitPerMinute: number;
      /** A fresh TOTP code when the creating account has two-step sign-in (services.auth). */
      requireFreshSecondFactor?: SecondFactorCheck;
      /** Support's audit log (`support.audit`), written in the transaction of the change. */
      audit: (em: EntityManager, entry: SupportAuditInput) => Promise<string>;
    },
  ) {
    this.unsubscribe = deps.events.subscribe('apiKeyRevoked', ({ keyId }) => this.cache.evictKey(keyId));
  }

  /** Stops listening and writes the usage counted so far. */
  async close(): Promise<void> {
    this.unsubscribe();
    await this.deps.usage.close();
  }

  async createKey(ctx: ServiceContext, input: CreateApiKeyInput): Promise<CreatedApiKey> {
    const viewer = this.requireSignedIn(ctx);
    const data = parseInput(CreateApiKeySchema, input);
    const now = this.deps.clock.now();
    if (data.expiresAt && data.expiresAt <= now) throw badInput('expiresAt must be in the future', 'expiresAt');
    // A key is made by the account it acts for, never by anyone else for it (support included).
    const ownerId = viewer.id;
    await this.deps.requireFreshSecondFactor?.(viewer.id, input.code);

    return ctx.em.transactional(async (em) => {
      // The owner row lock serialises concurrent creations, so the active-key cap holds.
      const owner = await em.findOne(User, { id: ownerId }, { lockMode: LockMode.PESSIMISTIC_WRITE });
      if (!owner) throw notFound('User not found');
      if (owner.role === UserRole.SUPPORT) throw forbidden(PARTNER_MESSAGES.staffAccount);
      if (owner.suspendedAt) throw forbidden(PARTNER_MESSAGES.suspended);
      if (!owner.emailVerifiedAt) throw emailNotVerified('create API keys');
      const active = await em.count(ApiKey, { user: owner.id, revokedAt: null, $or: [{ expiresAt: null }, { expiresAt: { $gt: now } }] });
      if (active >= MAX_ACTIVE_KEYS) throw conflict(PARTNER_MESSAGES.tooMany);
      const { secret, hash, prefix } = newApiKeySecret();
      const key = em.create(ApiKey, { user: owner, name: data.name, prefix, keyHash: hash, createdBy: viewer.id, createdAt: now, expiresAt: data.expiresAt });
      await em.flush();
      return { apiKey: this.toView(key, now), secret };
    });
  }

  /** The viewer's keys that are not revoked (expired ones included), newest first. */
  async myKeys(ctx: ServiceContext): Promise<ApiKeyView[]> {
    const viewer = requireViewer(ctx);
    await this.deps.usage.flush(); // this instance's batch, so "last used" includes the latest requests
    const keys = await ctx.em.find(ApiKey, { user: viewer.id, revokedAt: null }, { orderBy: { createdAt: 'desc', id: 'desc' }, limit: LIST_LIMIT });
    const now = this.deps.clock.now();
    return keys.map((k) => this.toView(k, now));
  }

  /** Support: every key of a user, revoked ones too, newest first. */
  async keysOf(ctx: ServiceContext, userId: string): Promise<ApiKeyView[]> {
    this.requireSupport(ctx);
    const { id } = parseInput(ApiKeyIdSchema, { id: userId });
    await this.deps.usage.flush();
    const keys = await ctx.em.find(ApiKey, { user: id }, { orderBy: { createdAt: 'desc', id: 'desc' }, limit: LIST_LIMIT });
    const now = this.deps.clock.now();
    return keys.map((k) => this.toView(k, now));
  }

  /**
   * The owner revokes their key; support any key, saying why (`reason`, required, shown to the
   * owner) and leaving a row in the audit log in the same transaction. Revoking twice keeps the
   * first time (and writes no second row).
   */
  async revokeKey(ctx: ServiceContext, keyId: string, reason?: unknown): Promise<ApiKeyView> {
    const viewer = this.requireSignedIn(ctx);
    const { id } = parseInput(ApiKeyIdSchema, { id: keyId });
    // Support never owns a key: every revocation by support is of someone else's, so it needs a reason.
    const supportReason = viewer.role === UserRole.SUPPORT ? requireSupportReason(reason) : null;
    const now = this.deps.clock.now();
    const view = await ctx.em.transactional(async (em) => {
      const key = await em.findOne(ApiKey, { id }, { lockMode: LockMode.PESSIMISTIC_WRITE });
      // Someone else's key reads as unknown: ids of other partners' keys are none of your business.
      if (!key || (key.user.id !== viewer.id && viewer.role !== UserRole.SUPPORT)) throw notFound(PARTNER_MESSAGES.notFound);
      if (!key.revokedAt) {
        key.revokedAt = now;
        key.revokedBy = viewer.id;
        await em.flush();
        if (supportReason !== null && key.user.id !== viewer.id) {
          await this.deps.audit(em, {
            actorId: viewer.id,
            action: SUPPORT_ACTIONS.apiKeyRevoked,
            targetUserId: key.user.id,
            subjectId: key.id,
            reason: supportReason,
            metadata: { name: key.name, prefix: key.prefix },
            at: now,
          });
        }
      }
      return this.toView(key, now);
    });
    // After the commit: this instance forgets the key now, the others when the event reaches them.
    this.cache.evictKey(view.id);
    await this.deps.events.publish('apiKeyRevoked', { keyId: view.id });
    return view;
  }

  /** Requests per hour over the last 7 days (oldest first, one entry per hour, zeros included). */
  async usage(ctx: ServiceContext, keyId: string): Promise<ApiKeyUsageHour[]> {
    const viewer = requireViewer(ctx);
    const { id } = parseInput(ApiKeyIdSchema, { id: keyId });
    const key = await ctx.em.findOne(ApiKey, { id });
    if (!key || (key.user.id !== viewer.id && viewer.role !== UserRole.SUPPORT)) throw notFound(PARTNER_MESSAGES.notFound);
    await this.deps.usage.flush();
    const lastHour = Math.floor(this.deps.clock.now().getTime() / HOUR_MS) * HOUR_MS;
    const firstHour = lastHour - (USAGE_HOURS - 1) * HOUR_MS;
    const rows = await ctx.em.getConnection().execute<{ hour: Date; requests: number }[]>(
      'select hour, requests from api_key_usage where api_key_id = ? and hour >= ? and hour <= ?',
      [id, new Date(firstHour), new Date(lastHour)],
    );
    const counts = new Map(rows.map((r) => [new Date(r.hour).getTime(), Number(r.requests)]));
    return Array.from({ length: USAGE_HOURS }, (_, i) => {
      const hour = firstHour + i * HOUR_MS;
      return { hour: new Date(hour), requests: counts.get(hour) ?? 0 };
    });
  }

  /**
   * The viewer a key stands for: its owner as a plain user (never staff powers), marked with the
   * key id. UNAUTHENTICATED for an unknown, revoked or expired key, or a suspended owner.
   */
  async authenticate(em: EntityManager, secret: string): Promise<Viewer> {
    if (!isWellFormedApiKey(secret)) throw unauthenticated(PARTNER_MESSAGES.invalidKey);
    const now = this.deps.clock.now();
    const hash = hashApiKey(secret);
    // The keys in memory are checked again together every few seconds (one statement for all).
    await this.cache.recheck(Date.now(), async (keyIds) => {
      const rows = await em.getConnection().execute<{ id: string }[]>(
        `select k.id from api_keys k join users u on u.id = k.user_id
          where k.id = any(?::uuid[]) and k.revoked_at is null and u.suspended_at is null`,
        [`{${keyIds.join(',')}}`],
      );
      return new Set(rows.map((r) => r.id));
    });
    let entry = this.cache.get(hash);
    if (!entry) {
      const [row] = await em.getConnection().execute<{ id: string; user_id: string; account_type: string; expires_at: Date | null; suspended_at: Date | null }[]>(
        `select k.id, k.user_id, k.expires_at, u.account_type, u.suspended_at
           from api_keys k join users u on u.id = k.user_id
          where k.key_hash = ? and k.revoked_at is null`,
        [hash],
      );
      if (!row) throw unauthenticated(PARTNER_MESSAGES.invalidKey);
      if (row.suspended_at) throw unauthenticated(PARTNER_MESSAGES.suspended);
      const viewer: Viewer = { id: row.user_id, role: UserRole.USER, accountType: row.account_type as Viewer['accountType'], partnerKeyId: row.id };
      this.cache.set(hash, viewer, row.expires_at ? new Date(row.expires_at) : null, Date.now());
      entry = this.cache.get(hash)!;
    }
    if (entry.expiresAt && entry.expiresAt <= now) throw unauthenticated(PARTNER_MESSAGES.expiredKey);
    this.deps.usage.record(entry.viewer.partnerKeyId!, now);
    return entry.viewer;
  }

  private requireSignedIn(ctx: ServiceContext): Viewer {
    const viewer = requireViewer(ctx);
    if (viewer.partnerKeyId) throw forbidden(PARTNER_MESSAGES.keysCannotManageKeys);
    return viewer;
  }

  private requireSupport(ctx: ServiceContext): Viewer {
    const viewer = requireViewer(ctx);
    if (viewer.role !== UserRole.SUPPORT) throw forbidden(PARTNER_MESSAGES.supportOnly);
    return viewer;
  }

  private toView(key: ApiKey, now: Date): ApiKeyView {
    return { ...toView(key, now), rateLimitPerMinute: this.deps.rateLimitPerMinute };
  }
}

function toView(key: ApiKey, now: Date): Omit<ApiKeyView, 'rateLimitPerMinute'> {
  const expired = Boolean(key.expiresAt && key.expiresAt <= now);
  return {
    id: key.id,
    userId: key.user.id,
    name: key.name,
    prefix: key.prefix,
    createdAt: key.createdAt,
    lastUsedAt: key.lastUsedAt ?? null,
    expiresAt: key.expiresAt ?? null,
    revokedAt: key.revokedAt ?? null,
    status: key.revokedAt ? ApiKeyStatus.REVOKED : expired ? ApiKeyStatus.EXPIRED : ApiKeyStatus.ACTIVE,
  };
}
