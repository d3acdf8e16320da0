import { Alert, Button, Field, Input, Stack, Text } from '@chakra-ui/react';
import { useState, type FormEvent } from 'react';
import { useRequestPasswordResetMutation } from '../../../gql/graphql';
import { FormError } from '../../../shared/components/FormError';
import { RouterLink } from '../../../shared/components/RouterLink';
import { useDocumentTitle } from '../../../shared/hooks/useDocumentTitle';
import { errorMessage } from '../../../shared/lib/error-message';
import { AccountPageCard } from '../components/AccountPageCard';

/** /forgot-password: asks for the address and e-mails a reset link (the answer never says whether an account exists). */
export function ForgotPasswordPage() {
  useDocumentTitle('Forgot password');
  const [email, setEmail] = useState('');
  const [sent, setSent] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [request, { loading }] = useRequestPasswordResetMutation();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    try {
      const { data } = await request({ variables: { email: email.trim() } });
      setSent(data?.requestPasswordReset.message ?? null);
    } catch (err) {
      setError(errorMessage(err, 'Could not send the link. Try again in a moment.'));
    }
  };

  return (
    <AccountPageCard title="Forgot your password?" subtitle="We will e-mail you a link to choose a new one.">
      {sent ? (
        <Stack gap="4">
          <Alert.Root status="success" rounded="lg" role="status">
            <Alert.Indicator />
            <Alert.Content>
              <Alert.Title>Check your email!</Alert.Title>
              <Alert.Description>{sent}</Alert.Description>
            </Alert.Content>
          </Alert.Root>
          <Text fontSize="sm" color="fg.muted">
            Nothing after a few minutes? Look in your spam folder, or{' '}
            <Button variant="plain" size="sm" p="0" h="auto" colorPalette="purple" onClick={() => setSent(null)}>
              try another address
            </Button>
            .
          </Text>
        </Stack>
      ) : (
        <Stack as="form" gap="4" onSubmit={submit}>
          <Field.Root required>
            <Field.Label>Email</Field.Label>
            <Input type="email" name="email" autoComplete="email" placeholder="you@example.com" value={email} onChange={(e) => setEmail(e.target.value)} />
          </Field.Root>
          <FormError message={error} />
          <Button type="submit" size="lg" colorPalette="purple" loading={loading} loadingText="Sending…">
            Send the reset link
          </Button>
        </Stack>
      )}
      <Text textAlign="center" fontSize="sm">
        Remembered it? <RouterLink to="/auth">Sign in</RouterLink>
      </Text>
    </AccountPageCard>
  );
}
