import type { Orm } from '../db/orm';
import type { Viewer } from '../shared/context';
import { unauthenticated } from '../shared/errors';
import type { EventBus } from '../shared/events';
import type { Clock } from '../shared/clock';

export const SESSION_REVOKED_MESSAGE = 'This session was signed out; please sign in again';

/** How a service announces revoked sessions (AuthService: logout, log out everywhere, password change). */
export interface SessionRevocations {
  revoked(sessionIds: string[]): Promise<void>;
}

/** Ids per `sessionsRevoked` event: each id is 36 characters, and an event must stay under 7.9 KB. */
const IDS_PER_EVENT = 150;
/** Revocations a little older than an access token's lifetime are still read (clock skew between instances). */
const SLACK_MS = 60_000;

/**
 * Signed-out means signed out: an access token is honoured only while its session (`sid`, the
 * refresh-token family) is not revoked. Every HTTP request and every WebSocket operation asks
 * `assertActive`, answered from memory: the sessions revoked recently enough that one of their
 * access tokens may still be valid (revoked within the access-token lifetime: a revoked session
 * gets no new token). A revocation reaches every instance at once through the event bus (and closes
 * that session's open sockets, via `onRevoked`); each instance also re-reads the recent revocations
 * once per `ttlMs` in one statement, which bounds how long a revocation missed while its bus
 * connection was down (or written straight in SQL) goes unseen. So no request reads the database
 * for its session, however many users there are. `ttlMs` 0: every check reads its own session.
 */
export class SessionGuard implements SessionRevocations {
  /** Revoked session id → when it was revoked (the clock's ms; forgotten once its tokens have expired). */
  private readonly revokedAt = new Map<string, number>();
  /** When (Date.now) the last read of recent revocations started; -Infinity before the first. */
  private syncedAt = Number.NEGATIVE_INFINITY;
  private syncing: Promise<void> | null = null;
  private readonly listeners = new Set<(sessionIds: string[]) => void>();
  private readonly unsubscribe: () => void;

  constructor(private readonly deps: { orm: Orm; events: EventBus; ttlMs: number; clock: Clock; accessTokenTtlMs: number }) {
    this.unsubscribe = deps.events.subscribe('sessionsRevoked', ({ sessionIds }) => this.forget(sessionIds));
  }

  /** UNAUTHENTICATED (SESSION_REVOKED_MESSAGE) when the viewer's session was revoked. */
  async assertActive(viewer: Viewer | null): Promise<void> {
    if (viewer?.sessionId && (await this.isRevoked(viewer.sessionId))) throw unauthenticated(SESSION_REVOKED_MESSAGE);
  }

  async isRevoked(sessionId: string): Promise<boolean> {
    if (this.deps.ttlMs <= 0) {
      const rows = await this.deps.orm.em
        .getConnection()
        .execute<{ revoked: boolean }[]>('select exists (select 1 from refresh_tokens where family_id = ? and revoked_at is not null) as revoked', [sessionId]);
      return Boolean(rows[0]?.revoked) || this.revokedAt.has(sessionId);
    }
    if (Date.now() - this.syncedAt >= this.deps.ttlMs) await this.sync();
    return this.revokedAt.has(sessionId);
  }

  /** Reads the sessions revoked within an access token's lifetime (one statement; concurrent callers share it). */
  private sync(): Promise<void> {
    this.syncing ??= (async () => {
      const startedAt = Date.now();
      const since = this.deps.clock.now().getTime() - this.deps.accessTokenTtlMs - SLACK_MS;
      const rows = await this.deps.orm.em
        .getConnection()
        .execute<{ id: string; at: Date }[]>('select family_id as id, max(revoked_at) as at from refresh_tokens where revoked_at > ? group by family_id', [new Date(since)]);
      for (const row of rows) this.revokedAt.set(row.id, new Date(row.at).getTime());
      for (const [id, at] of this.revokedAt) if (at <= since) this.revokedAt.delete(id);
      this.syncedAt = startedAt;
    })().finally(() => {
      this.syncing = null;
    });
    return this.syncing;
  }

  /** Marks the sessions revoked here at once, and tells every instance (which closes their sockets). */
  async revoked(sessionIds: string[]): Promise<void> {
    if (sessionIds.length === 0) return;
    this.forget(sessionIds);
    for (let i = 0; i < sessionIds.length; i += IDS_PER_EVENT) {
      await this.deps.events.publish('sessionsRevoked', { sessionIds: sessionIds.slice(i, i + IDS_PER_EVENT) });
    }
  }

  /** Called with the ids of sessions revoked anywhere (the WebSocket server closes their sockets). */
  onRevoked(listener: (sessionIds: string[]) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  close(): void {
    this.unsubscribe();
    this.listeners.clear();
  }

  private forget(sessionIds: string[]): void {
    const at = this.deps.clock.now().getTime();
    for (const id of sessionIds) this.revokedAt.set(id, at);
    for (const listener of this.listeners) listener(sessionIds);
  }
}
