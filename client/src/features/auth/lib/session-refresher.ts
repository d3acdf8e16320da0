import { print } from 'graphql';
import { RefreshTokenDocument, type RefreshTokenMutation } from '../../../gql/graphql';
import { tokenStorage } from './token-storage';

export type RefreshSession = () => Promise<string>;

/**
 * The server refused the refresh token (expired, revoked, reused) or there is none: the session is
 * over. Any other failure (offline, a request cut off by a page reload, a 5xx or 429) is not: the
 * tokens stay, and the next request tries again.
 */
export class SessionRejectedError extends Error {
  override name = 'SessionRejectedError';
}

interface RefreshResponse {
  data?: RefreshTokenMutation | null;
  errors?: { message: string; extensions?: { code?: string } }[];
}

const REJECTION_CODES = new Set(['UNAUTHENTICATED', 'BAD_USER_INPUT']);

/**
 * Returns `refreshSession()`: exchanges the stored refresh token for a new token pair and stores
 * it. Concurrent callers share one request, so ten requests failing at once cause one refresh.
 * It goes straight to the endpoint (not through Apollo's links) so it can never loop on itself.
 */
export function createSessionRefresher(endpoint = '/graphql', fetchImpl: typeof fetch = fetch): RefreshSession {
  let inFlight: Promise<string> | null = null;

  async function refreshOnce(): Promise<string> {
    const refreshToken = tokenStorage.getRefreshToken();
    if (!refreshToken) throw new SessionRejectedError('No refresh token');

    const response = await fetchImpl(endpoint, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        operationName: 'RefreshToken',
        query: print(RefreshTokenDocument),
        variables: { refreshToken },
      }),
    });
    const body = (await response.json().catch(() => ({}))) as RefreshResponse;
    const tokens = body.data?.refreshToken;
    if (!response.ok || !tokens) {
      const message = body.errors?.[0]?.message ?? 'Session expired';
      const rejected =
        response.status === 401 || Boolean(body.errors?.some((e) => REJECTION_CODES.has(e.extensions?.code ?? '')));
      throw rejected ? new SessionRejectedError(message) : new Error(message);
    }

    tokenStorage.setTokens(tokens);
    return tokens.accessToken;
  }

  return () => {
    inFlight ??= refreshOnce().finally(() => {
      inFlight = null;
    });
    return inFlight;
  };
}
