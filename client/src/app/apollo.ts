import { ApolloClient, HttpLink, InMemoryCache, from, split, type Operation } from '@apollo/client';
import { setContext } from '@apollo/client/link/context';
import { RetryLink } from '@apollo/client/link/retry';
import { GraphQLWsLink } from '@apollo/client/link/subscriptions';
import { getMainDefinition } from '@apollo/client/utilities';
import { createClient } from 'graphql-ws';
import { SessionRejectedError, type RefreshSession } from '../features/auth/lib/session-refresher';
import { tokenStorage } from '../features/auth/lib/token-storage';
import { createTokenRefreshLink } from './links/token-refresh-link';

const GRAPHQL_PATH = '/graphql';

/** Operations that must never trigger a token refresh. */
const NO_REFRESH_OPERATIONS = new Set(['Login', 'Register', 'RefreshToken', 'Logout']);

export interface ApolloOptions {
  refreshSession: RefreshSession;
  /** The session is gone (refresh failed): go to the sign-in page. */
  onSessionExpired: () => void;
}

const bearer = (token: string | null) => (token ? `Bearer ${token}` : undefined);

function websocketUrl() {
  const { protocol, host } = window.location;
  return `${protocol === 'https:' ? 'wss:' : 'ws:'}//${host}${GRAPHQL_PATH}`;
}

function operationType({ query }: Operation) {
  const definition = getMainDefinition(query);
  return definition.kind === 'OperationDefinition' ? definition.operation : undefined;
}

export function createApolloClient({ refreshSession, onSessionExpired }: ApolloOptions) {
  const wsClient = createClient({
    url: websocketUrl,
    lazy: true,
    // Read per connection, so a reconnect after sign-in carries the new token.
    connectionParams: () => {
      const authorization = bearer(tokenStorage.getAccessToken());
      return authorization ? { authorization } : {};
    },
    retryAttempts: 5,
  });
  // A socket authenticated as somebody else (or nobody) must not outlive a session change.
  tokenStorage.subscribe(() => wsClient.terminate());

  const authLink = setContext((_, { headers = {} }: { headers?: Record<string, string> }) => {
    const authorization = headers.authorization ?? bearer(tokenStorage.getAccessToken());
    return { headers: authorization ? { ...headers, authorization } : headers };
  });

  const refreshLink = createTokenRefreshLink({
    refresh: refreshSession,
    skipOperations: NO_REFRESH_OPERATIONS,
    // Only a refused refresh token ends the session; a refresh that failed in transit (offline, or
    // cut off because the page is being reloaded) must not wipe the tokens the next page needs.
    onRefreshFailed: (error) => {
      if (!(error instanceof SessionRejectedError)) return;
      tokenStorage.clearTokens();
      onSessionExpired();
    },
  });

  // Spec §9: 3 retries with exponential backoff from 1 s, capped at 30 s — for queries that
  // failed in transit only (a mutation might have been applied; a 4xx will not heal itself).
  const retryLink = new RetryLink({
    delay: { initial: 1000, max: 30_000, jitter: true },
    attempts: {
      max: 4,
      retryIf: (error: { statusCode?: number } | undefined, operation) =>
        Boolean(error) && !(error?.statusCode && error.statusCode < 500) && operationType(operation) === 'query',
    },
  });

  const httpLink = new HttpLink({ uri: GRAPHQL_PATH });
  const transport = split(
    (operation) => operationType(operation) === 'subscription',
    new GraphQLWsLink(wsClient),
    from([retryLink, httpLink]),
  );

  return new ApolloClient({
    link: from([refreshLink, authLink, transport]),
    cache: new InMemoryCache(),
  });
}
