import type { Orm } from '../db/orm';
import type { Viewer } from '../shared/context';
import { unauthenticated } from '../shared/errors';
import type { EventBus } from '../shared/events';

export const SESSION_REVOKED_MESSAGE = 'This session was signed out; please sign in again';

/** How a service announces revoked sessions (AuthService: logout, log out everywhere, password change). */
export interface SessionRevocations {
  revoked(sessionIds: string[]): Promise<void>;
}

/** Ids per `sessionsRevoked` event: each id is 36 characters, and an event must stay under 7.9 KB. */
const IDS_PER_EVENT = 150;
const MAX_CACHED = 20_000;

/**
 * Signed-out means signed out: an access token is honoured only while its session (`sid`, the
 * refresh-token family) is not revoked. Every HTTP request and every WebSocket operation asks
 * `assertActive`; the answer is cached in memory for `ttlMs`, and a revocation clears it on every
 * instance at once through the event bus (and closes that session's open sockets, via `onRevoked`).
 */
export class SessionGuard implements SessionRevocations {
  /** sid → revoked, and when a "still active" answer stops being trusted. */
  private readonly cache = new Map<string, { revoked: boolean; until: number }>();
  private readonly listeners = new Set<(sessionIds: string[]) => void>();
  private readonly unsubscribe: () => void;

  constructor(private readonly deps: { orm: Orm; events: EventBus; ttlMs: number }) {
    this.unsubscribe = deps.events.subscribe('sessionsRevoked', ({ sessionIds }) => this.forget(sessionIds));
  }

  /** UNAUTHENTICATED (SESSION_REVOKED_MESSAGE) when the viewer's session was revoked. */
  async assertActive(viewer: Viewer | null): Promise<void> {
    if (viewer?.sessionId && (await this.isRevoked(viewer.sessionId))) throw unauthenticated(SESSION_REVOKED_MESSAGE);
  }

  async isRevoked(sessionId: string): Promise<boolean> {
    const now = Date.now();
    const cached = this.cache.get(sessionId);
    if (cached && (cached.revoked || cached.until > now)) return cached.revoked;
    const rows = await this.deps.orm.em
      .getConnection()
      .execute<{ revoked: boolean }[]>('select exists (select 1 from refresh_tokens where family_id = ? and revoked_at is not null) as revoked', [sessionId]);
    const revoked = Boolean(rows[0]?.revoked);
    this.remember(sessionId, revoked, now);
    return revoked;
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
    const now = Date.now();
    for (const id of sessionIds) this.remember(id, true, now);
    for (const listener of this.listeners) listener(sessionIds);
  }

  private remember(sessionId: string, revoked: boolean, now: number): void {
    if (this.cache.size >= MAX_CACHED) this.cache.delete(this.cache.keys().next().value!);
    this.cache.delete(sessionId);
    this.cache.set(sessionId, { revoked, until: now + this.deps.ttlMs });
  }
}
