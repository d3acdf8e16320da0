import type { EntityManager } from '@mikro-orm/postgresql';
import { forbidden, unauthenticated } from './errors';
import type { AccountType, UserRole } from '../auth/roles';

/** Who is making the request, as proven by the access token. */
export interface Viewer {
  id: string;
  role: UserRole;
  accountType: AccountType;
  /** Set when the request was made with a partner API key (features/partners): read-only access. */
  partnerKeyId?: string;
  /** The sign-in session (refresh-token family) behind an access token; checked on every request. */
  sessionId?: string;
}

/**
 * Per-request state handed to every service method first: a forked EntityManager and the viewer.
 * Never a module-level singleton.
 */
export interface ServiceContext {
  em: EntityManager;
  viewer: Viewer | null;
  /** Client address, for throttling and audit. */
  ip?: string;
  /** The client's User-Agent header (recorded with a session at sign-in and refresh). */
  userAgent?: string;
}

/** The signed-in viewer, or UNAUTHENTICATED ("User not authenticated"). */
export function requireViewer(ctx: ServiceContext): Viewer {
  if (!ctx.viewer) throw unauthenticated();
  return ctx.viewer;
}

/**
 * The signed-in person themself, not a partner API key acting for them: private data (the
 * notification inbox, conversations) is not partner data. FORBIDDEN with a key.
 */
export function requirePerson(ctx: ServiceContext): Viewer {
  const viewer = requireViewer(ctx);
  if (viewer.partnerKeyId) throw forbidden('Notifications and conversations are not available with an API key: sign in as the user');
  return viewer;
}
