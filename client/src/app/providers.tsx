import { ChakraProvider } from '@chakra-ui/react';
import { ThemeProvider } from 'next-themes';
import { lazy, Suspense, type ReactNode } from 'react';
import { system } from '../theme';
import { SessionProvider } from './SessionProvider';

// The toast region (Zag's toast machine) is not needed to paint a page, so it is not part of the
// first script: it loads right after. Toasts raised before it arrives wait in the store and show
// when it mounts.
const AppToaster = lazy(async () => ({ default: (await import('../shared/components/AppToaster')).AppToaster }));

interface Props {
  children: ReactNode;
  /** Where to go when the session can no longer be refreshed. */
  onSessionExpired: () => void;
}

/** Theme (following the system light/dark preference), session (with the GraphQL client) and toasts. */
export function AppProviders({ children, onSessionExpired }: Props) {
  return (
    <ChakraProvider value={system}>
      <ThemeProvider attribute="class" defaultTheme="system" enableSystem disableTransitionOnChange>
        <SessionProvider onSessionExpired={onSessionExpired}>
          {children}
          <Suspense fallback={null}>
            <AppToaster />
          </Suspense>
        </SessionProvider>
      </ThemeProvider>
    </ChakraProvider>
  );
}
