import { Alert, Button, Spinner, Stack, Text } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useVerifyEmailMutation, type VerifyEmailMutation } from '../../../gql/graphql';
import { FormError } from '../../../shared/components/FormError';
import { RouterLink } from '../../../shared/components/RouterLink';
import { useDocumentTitle } from '../../../shared/hooks/useDocumentTitle';
import { errorMessage } from '../../../shared/lib/error-message';
import { AccountPageCard } from '../components/AccountPageCard';
import { ResendVerificationButton } from '../components/ResendVerificationButton';
import { useAuth } from '../hooks/useAuth';

type Outcome = { ok: true; email: string } | { ok: false; message: string };

/**
 * A link is used once: the page's effect may run twice (React's strict mode, a remount), so the
 * request for a token is made once per page load and its answer shared.
 */
const attempts = new Map<string, Promise<Outcome>>();

/** /verify-email?token=…: opens the e-mailed link (signed in or not) and says what it did. */
export function VerifyEmailPage() {
  useDocumentTitle('Confirm your e-mail address');
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const { user, loading: signingIn } = useAuth();
  const [verify] = useVerifyEmailMutation();
  const [outcome, setOutcome] = useState<Outcome | null>(token ? null : { ok: false, message: 'The link has no token: open it from the e-mail again.' });

  useEffect(() => {
    // Signed in: the session's own `me` is read first. Sent while that read is still on its way, the
    // refetch below would join it (Apollo merges identical requests in flight) and keep its answer,
    // read before the link was used: the account would still look unverified.
    if (!token || signingIn) return;
    let attempt = attempts.get(token);
    if (!attempt) {
      // `me` is read again: an answer fetched before the link was opened must not say unverified.
      attempt = verify({ variables: { token }, refetchQueries: ['Me'] }).then(
        ({ data }: { data?: VerifyEmailMutation | null }) => ({ ok: true as const, email: data?.verifyEmail.email ?? '' }),
        (err: unknown) => ({ ok: false as const, message: errorMessage(err, 'This link could not be checked. Try again in a moment.') }),
      );
      attempts.set(token, attempt);
    }
    let current = true;
    void attempt.then((o) => current && setOutcome(o));
    return () => {
      current = false;
    };
  }, [token, verify, signingIn]);

  if (!outcome) {
    return (
      <AccountPageCard title="Confirming your address…">
        <Stack align="center" py="4">
          <Spinner size="lg" color="brand.solid" role="status" aria-label="Confirming" />
        </Stack>
      </AccountPageCard>
    );
  }

  if (outcome.ok) {
    return (
      <AccountPageCard title="E-mail address confirmed">
        <Alert.Root status="success" rounded="lg" role="status">
          <Alert.Indicator />
          <Alert.Title>{outcome.email ? `${outcome.email} is confirmed.` : 'Your address is confirmed.'}</Alert.Title>
        </Alert.Root>
        <Text color="fg.muted" fontSize="sm">
          Your creator profile can now be listed and booked, and payouts, API keys and webhooks are open to you.
        </Text>
        <Button asChild colorPalette="purple" size="lg">
          <RouterLink to={user ? '/dashboard' : '/auth'} color="white" _hover={{ textDecoration: 'none' }}>
            {user ? 'Go to the dashboard' : 'Sign in'}
          </RouterLink>
        </Button>
      </AccountPageCard>
    );
  }

  return (
    <AccountPageCard title="This link does not work">
      <FormError message={outcome.message} />
      {user && !user.emailVerified ? (
        <ResendVerificationButton size="lg" />
      ) : (
        <Text textAlign="center" fontSize="sm">
          <RouterLink to={user ? '/dashboard' : '/auth'}>{user ? 'Go to the dashboard' : 'Sign in'}</RouterLink> to send a new link.
        </Text>
      )}
    </AccountPageCard>
  );
}
