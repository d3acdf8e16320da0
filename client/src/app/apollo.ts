import { ApolloClient, HttpLink, InMemoryCache, from, split } from '@apollo/client';
import { setContext } from '@apollo/client/link/context';
import { RetryLink } from '@apollo/client/link/retry';
import { SessionRejectedError, type RefreshSession } from '../features/auth/lib/session-refresher';
import { tokenStorage } from '../features/auth/lib/token-storage';
import { seedInitialQueries } from './initial-queries';
import { liveReconnects } from './live-reconnects';
import { lazyLink } from './links/lazy-link';
import { operationType } from './links/operation-type';
import { readYourWritesLink } from './links/read-your-writes-link';
import { createTokenRefreshLink } from './links/token-refresh-link';

const GRAPHQL_PATH = '/graphql';

/** Operations that must never trigger a token refresh. */
const NO_REFRESH_OPERATIONS = new Set(['Login', 'Register', 'RefreshToken', 'Logout']);

export interface ApolloOptions {
  refreshSession: RefreshSession;
  /** The session is gone (refresh failed): go to the sign-in page. */
  onSessionExpired: () => void;
}

const MAX_RECONNECT_WAIT_MS = 30_000;

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

const bearer = (token: string | null) => (token ? `Bearer ${token}` : undefined);

function websocketUrl() {
  const { protocol, host } = window.location;
  return `${protocol === 'https:' ? 'wss:' : 'ws:'}//${host}${GRAPHQL_PATH}`;
}

/**
 * The WebSocket transport for subscriptions. graphql-ws is loaded on the first subscription (most
 * visitors of the public pages never open one), so it is not part of the first script.
 */
function liveLink(onConnected: (wasRetry: boolean) => void) {
  return lazyLink(async () => {
    const [{ createClient }, { GraphQLWsLink }] = await Promise.all([
      import('graphql-ws'),
      import('@apollo/client/link/subscriptions'),
    ]);
    const wsClient = createClient({
      url: websocketUrl,
      lazy: true,
      // Read per connection, so a reconnect after sign-in carries the new token.
      connectionParams: () => {
        const authorization = bearer(tokenStorage.getAccessToken());
        return authorization ? { authorization } : {};
      },
      // A live dashboard must come back after any outage, however long: retry for ever, backing
      // off to one attempt every 30 s (a reconnect refetches what is on screen, see below).
      retryAttempts: Infinity,
      retryWait: (retries) => sleep(Math.min(MAX_RECONNECT_WAIT_MS, 500 * 2 ** retries) + Math.random() * 1000),
    });
    // A socket authenticated as somebody else (or nobody) must not outlive a session change.
    tokenStorage.subscribe(() => wsClient.terminate());
    wsClient.on('connected', (_socket, _payload, wasRetry) => onConnected(wasRetry));
    return new GraphQLWsLink(wsClient);
  });
}

export function createApolloClient({ refreshSession, onSessionExpired }: ApolloOptions) {
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
    liveLink((wasRetry) => {
      // Live updates published while the socket was reconnecting (a token refresh restarts it, a
      // network blip drops it) never arrive: after a reconnect, read what is on screen again. In a
      // task of its own: graphql-ws re-sends the subscriptions right after this event (microtasks),
      // so they are registered on the server before the refetch reads, and nothing falls between.
      if (wasRetry)
        setTimeout(() => {
          void client.refetchQueries({ include: 'active' }).catch(() => undefined);
          liveReconnects.emit();
        }, 0);
    }),
    from([retryLink, httpLink]),
  );

  const client = new ApolloClient({
    link: from([readYourWritesLink(), refreshLink, authLink, transport]),
    // A conversation's parties have no id of their own: what two queries read of the same party (the
    // list's summary, the open thread's brand) is merged instead of one replacing the other.
    cache: new InMemoryCache({ typePolicies: { ConversationParty: { merge: true } } }),
  });
  seedInitialQueries(client);

  return client;
}
