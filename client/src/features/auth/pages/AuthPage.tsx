import { Card, Heading, Stack, Tabs, Text } from '@chakra-ui/react';
import { Navigate, useSearchParams } from 'react-router-dom';
import { GlassCard } from '../../../shared/components/content/GlassCard';
import { PageContainer } from '../../../shared/components/content/PageContainer';
import { PageSpinner } from '../../../shared/components/PageSpinner';
import { useDocumentTitle } from '../../../shared/hooks/useDocumentTitle';
import { RegisterPanel } from '../components/RegisterPanel';
import { SignInPanel } from '../components/SignInPanel';
import { useAuth } from '../hooks/useAuth';
import { useAfterAuthPath } from '../lib/after-auth-path';

type AuthMode = 'login' | 'register';

const COPY: Record<AuthMode, { title: string; subtitle: string }> = {
  login: { title: 'Welcome back', subtitle: 'Sign in to manage your collaborations.' },
  register: { title: 'Join CollabHub', subtitle: 'Create your account in less than a minute.' },
};

/** /auth — sign in or register (`/auth?mode=join` opens Join). Signed-in users go straight to the dashboard. */
export function AuthPage() {
  const { user, loading } = useAuth();
  // The mode lives in the URL, so "Sign In" and "Get Started" links switch it even on this page.
  const [searchParams, setSearchParams] = useSearchParams();
  const mode: AuthMode = searchParams.get('mode') === 'join' ? 'register' : 'login';
  const setMode = (next: AuthMode) =>
    setSearchParams(
      (params) => {
        if (next === 'register') params.set('mode', 'join');
        else params.delete('mode');
        return params;
      },
      { replace: true },
    );
  const afterAuthPath = useAfterAuthPath();
  useDocumentTitle(mode === 'login' ? 'Sign In' : 'Join');

  if (loading) return <PageSpinner label="Checking your session" />;
  if (user) return <Navigate to={afterAuthPath} replace />;

  return (
    <PageContainer maxW={mode === 'register' ? '2xl' : 'md'} py={{ base: '8', md: '14' }}>
      <GlassCard shadow="xl">
        <Card.Body gap="6" p={{ base: '5', md: '8' }}>
          <Stack gap="1" textAlign="center">
            <Heading as="h1" size="2xl" letterSpacing="tight">
              {COPY[mode].title}
            </Heading>
            <Text color="fg.muted">{COPY[mode].subtitle}</Text>
          </Stack>

          <Tabs.Root
            value={mode}
            onValueChange={(details) => setMode(details.value as AuthMode)}
            variant="enclosed"
            fitted
            lazyMount
            unmountOnExit
          >
            <Tabs.List width="full">
              <Tabs.Trigger value="login">Sign In</Tabs.Trigger>
              <Tabs.Trigger value="register">Join</Tabs.Trigger>
            </Tabs.List>
            <Tabs.Content value="login" pt="6">
              <SignInPanel />
            </Tabs.Content>
            <Tabs.Content value="register" pt="6">
              <RegisterPanel />
            </Tabs.Content>
          </Tabs.Root>
        </Card.Body>
      </GlassCard>
    </PageContainer>
  );
}
