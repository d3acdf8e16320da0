import type { EntityManager } from '@mikro-orm/postgresql';
import Bowser from 'bowser';
import type { Clock } from '../../platform/shared/clock';
import { requirePerson, type ServiceContext } from '../../platform/shared/context';
import { notFound } from '../../platform/shared/errors';
import { UUID_RE } from '../../platform/shared/pagination';
import type { SessionRevocations } from '../../platform/auth/sessions';

/** Where a request came from, as recorded for the account's list of sessions. */
export interface SessionClient {
  ip?: string;
  userAgent?: string;
}

export interface SessionView {
  id: string;
  /** The session of the request asking. */
  current: boolean;
  userAgent: string | null;
  /** The user agent made readable ("Firefox 128 on Linux"), or null when there was none. */
  device: string | null;
  ip: string | null;
  createdAt: Date;
  lastSeenAt: Date;
}

const MAX_USER_AGENT = 512;

/** "Chrome 131 on macOS", "Safari on iOS (mobile)", or the raw text when bowser knows nothing of it. */
export function describeUserAgent(userAgent: string | null | undefined): string | null {
  if (!userAgent) return null;
  const parsed = Bowser.parse(userAgent);
  const browser = parsed.browser.name ? [parsed.browser.name, parsed.browser.version?.split('.')[0]].filter(Boolean).join(' ') : null;
  const os = parsed.os.name ? [parsed.os.name, parsed.os.versionName].filter(Boolean).join(' ') : null;
  const kind = parsed.platform.type && parsed.platform.type !== 'desktop' ? ` (${parsed.platform.type})` : '';
  if (!browser && !os) return userAgent.slice(0, 80);
  return `${browser ?? 'Unknown browser'}${os ? ` on ${os}` : ''}${kind}`;
}

/**
 * The account's signed-in sessions (one per refresh-token family): device and address recorded at
 * sign-in and at each refresh (which also moves "last seen": an access token lives minutes, so
 * refreshes are when a session is seen, one row write each), and signing out one of them at once on
 * every instance (its refresh tokens revoked, then the shared revocation, which closes its sockets).
 */
export class SessionsList {
  constructor(private readonly deps: { clock: Clock; sessions?: SessionRevocations }) {}

  /** Records a session's start or refresh (the caller's transaction). */
  async record(em: EntityManager, sessionId: string, userId: string, client: SessionClient): Promise<void> {
    const now = this.deps.clock.now();
    const userAgent = client.userAgent ? client.userAgent.slice(0, MAX_USER_AGENT) : null;
    await em.execute(
      `insert into auth_sessions (id, user_id, user_agent, ip, created_at, last_seen_at) values (?, ?, ?, ?, ?, ?)
       on conflict (id) do update set last_seen_at = excluded.last_seen_at,
         user_agent = coalesce(excluded.user_agent, auth_sessions.user_agent), ip = coalesce(excluded.ip, auth_sessions.ip)`,
      [sessionId, userId, userAgent, client.ip ?? null, now, now],
    );
  }

  /** The viewer's live sessions (not signed out, not expired), the most recently seen first. */
  async list(ctx: ServiceContext): Promise<SessionView[]> {
    const viewer = requirePerson(ctx);
    const rows = await ctx.em.getConnection().execute<{ id: string; user_agent: string | null; ip: string | null; created_at: Date | string; last_seen_at: Date | string }[]>(
      `select s.id, s.user_agent, s.ip, s.created_at, s.last_seen_at from auth_sessions s
       where s.user_id = ? and exists (
         select 1 from refresh_tokens t where t.family_id = s.id and t.revoked_at is null and t.rotated_at is null and t.expires_at > ?)
       order by s.last_seen_at desc, s.id`,
      [viewer.id, this.deps.clock.now()],
    );
    return rows.map((r) => ({
      id: r.id,
      current: r.id === viewer.sessionId,
      userAgent: r.user_agent,
      device: describeUserAgent(r.user_agent),
      ip: r.ip,
      // Raw rows carry timestamps as text.
      createdAt: new Date(r.created_at),
      lastSeenAt: new Date(r.last_seen_at),
    }));
  }

  /** Signs one of the viewer's sessions out, everywhere at once. NOT_FOUND for anyone else's. */
  async revoke(ctx: ServiceContext, sessionId: unknown): Promise<boolean> {
    const viewer = requirePerson(ctx);
    if (typeof sessionId !== 'string' || !UUID_RE.test(sessionId)) throw notFound('Session not found');
    const revoked = await ctx.em.getConnection().execute<{ family_id: string }[]>(
      `update refresh_tokens set revoked_at = ? where family_id = ? and user_id = ? and revoked_at is null
       and exists (select 1 from auth_sessions s where s.id = ? and s.user_id = ?) returning family_id`,
      [this.deps.clock.now(), sessionId, viewer.id, sessionId, viewer.id],
    );
    if (revoked.length === 0) throw notFound('Session not found');
    await this.deps.sessions?.revoked([sessionId]);
    return true;
  }
}
