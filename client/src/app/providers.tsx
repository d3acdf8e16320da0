import { ApolloProvider } from '@apollo/client';
import { ChakraProvider } from '@chakra-ui/react';
import { ThemeProvider } from 'next-themes';
import { useState, type ReactNode } from 'react';
import { AuthProvider } from '../features/auth/AuthProvider';
import { createSessionRefresher } from '../features/auth/lib/session-refresher';
import { AppToaster } from '../shared/components/AppToaster';
import { system } from '../theme';
import { createApolloClient } from './apollo';

interface Props {
  children: ReactNode;
  /** Where to go when the session can no longer be refreshed. */
  onSessionExpired: () => void;
}

/** Theme (following the system light/dark preference), GraphQL client, session and toasts. */
export function AppProviders({ children, onSessionExpired }: Props) {
  const [client] = useState(() => createApolloClient({ refreshSession: createSessionRefresher(), onSessionExpired }));

  return (
    <ChakraProvider value={system}>
      <ThemeProvider attribute="class" defaultTheme="system" enableSystem disableTransitionOnChange>
        <ApolloProvider client={client}>
          <AuthProvider>
            {children}
            <AppToaster />
          </AuthProvider>
        </ApolloProvider>
      </ThemeProvider>
    </ChakraProvider>
  );
}
