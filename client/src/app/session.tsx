import { ApolloProvider } from '@apollo/client';
import { useLayoutEffect, type ReactNode } from 'react';
import { AuthProvider } from '../features/auth/AuthProvider';
import type { AuthContextValue } from '../features/auth/auth-context';
import { useAuth } from '../features/auth/hooks/useAuth';
import { createSessionRefresher } from '../features/auth/lib/session-refresher';
import { LiveBookingUpdates } from '../features/bookings/live/LiveBookingUpdates';
import { createApolloClient } from './apollo';

export interface SessionOptions {
  /** The session is gone (refresh failed): go to the sign-in page. */
  onSessionExpired: () => void;
}

/** Hands the session's current state to the provider that shares it with the whole app. */
function ReportAuth({ onChange }: { onChange: (auth: AuthContextValue) => void }) {
  const auth = useAuth();
  useLayoutEffect(() => onChange(auth), [auth, onChange]);
  return null;
}

/**
 * Everything that needs Apollo Client: the app's GraphQL client, the session kept with it
 * (`AuthProvider`), and a provider of that client for the pages that query. Loaded on start-up
 * beside the first page (see `session-loader.ts`), not inside the first script.
 */
export function createSession({ onSessionExpired }: SessionOptions) {
  const client = createApolloClient({ refreshSession: createSessionRefresher(), onSessionExpired });

  return {
    client,
    /** Runs the session (token check with `me`, sign-in, sign-out, live booking updates) and reports every change. */
    SessionEngine({ onChange }: { onChange: (auth: AuthContextValue) => void }) {
      return (
        <ApolloProvider client={client}>
          <AuthProvider>
            <ReportAuth onChange={onChange} />
            <LiveBookingUpdates />
          </AuthProvider>
        </ApolloProvider>
      );
    },
    GraphQLProvider({ children }: { children: ReactNode }) {
      return <ApolloProvider client={client}>{children}</ApolloProvider>;
    },
  };
}

export type Session = ReturnType<typeof createSession>;
