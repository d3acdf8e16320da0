import { Alert, Stack } from '@chakra-ui/react';
import { useAuth } from '../hooks/useAuth';
import { ResendVerificationButton } from './ResendVerificationButton';

/** Shown to a signed-in account whose address is not confirmed yet: what waits for it, and a resend. */
export function VerifyEmailBanner() {
  const { user } = useAuth();
  if (!user || user.emailVerified) return null;
  return (
    <Alert.Root status="warning" rounded="xl" alignItems={{ base: 'start', md: 'center' }} data-testid="verify-email-banner">
      <Alert.Indicator />
      <Stack direction={{ base: 'column', md: 'row' }} gap="3" flex="1" align={{ base: 'stretch', md: 'center' }} justify="space-between">
        <Alert.Content>
          <Alert.Title>Confirm your e-mail address</Alert.Title>
          <Alert.Description>
            We sent a link to {user.email}. Until you open it, your creator profile is not listed or bookable, and payouts, API keys and webhooks wait.
          </Alert.Description>
        </Alert.Content>
        <ResendVerificationButton size="sm" flexShrink={0} />
      </Stack>
    </Alert.Root>
  );
}
