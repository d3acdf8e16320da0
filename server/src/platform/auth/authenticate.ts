import type { Clock } from '../shared/clock';
import type { Viewer } from '../shared/context';
import { unauthenticated } from '../shared/errors';
import type { TokenIssuer } from './tokens';

export const INVALID_TOKEN_MESSAGE = 'Session expired or invalid access token';

/**
 * Resolves the viewer from an `Authorization: Bearer <token>` value (HTTP header or graphql-ws
 * connectionParams). No header → anonymous. A bad or expired token → UNAUTHENTICATED, so the
 * client knows to refresh rather than silently acting signed out.
 */
export function viewerFromAuthorization(header: unknown, tokens: TokenIssuer, clock: Clock): Viewer | null {
  if (header === undefined || header === null || header === '') return null;
  const match = typeof header === 'string' ? /^Bearer\s+(\S+)$/i.exec(header.trim()) : null;
  const viewer = match ? tokens.verifyAccessToken(match[1], clock.now()) : null;
  if (!viewer) throw unauthenticated(INVALID_TOKEN_MESSAGE);
  return viewer;
}
