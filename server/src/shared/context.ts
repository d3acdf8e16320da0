import type { EntityManager } from '@mikro-orm/postgresql';
import { unauthenticated } from './errors';
import type { AccountType, UserRole } from '../features/users/user.entity';

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
}

/** The signed-in viewer, or UNAUTHENTICATED ("User not authenticated"). */
export function requireViewer(ctx: ServiceContext): Viewer {
  if (!ctx.viewer) throw unauthenticated();
  return ctx.viewer;
}
