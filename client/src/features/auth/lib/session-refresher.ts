import { print } from 'graphql';
import { RefreshTokenDocument, type RefreshTokenMutation } from '../../../gql/graphql';
import { tokenStorage } from './token-storage';

export type RefreshSession = () => Promise<string>;

interface RefreshResponse {
  data?: RefreshTokenMutation | null;
  errors?: { message: string }[];
}

/**
 * Returns `refreshSession()`: exchanges the stored refresh token for a new token pair and stores
 * it. Concurrent callers share one request, so ten requests failing at once cause one refresh.
 * It goes straight to the endpoint (not through Apollo's links) so it can never loop on itself.
 */
export function createSessionRefresher(endpoint = '/graphql', fetchImpl: typeof fetch = fetch): RefreshSession {
  let inFlight: Promise<string> | null = null;

  async function refreshOnce(): Promise<string> {
    const refreshToken = tokenStorage.getRefreshToken();
    if (!refreshToken) throw new Error('No refresh token');

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
    if (!response.ok || !tokens) throw new Error(body.errors?.[0]?.message ?? 'Session expired');

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
