import { useApolloClient } from '@apollo/client';
import { Alert, Button, Stack, Text } from '@chakra-ui/react';
import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useResetPasswordMutation } from '../../../gql/graphql';
import { FormError } from '../../../shared/components/FormError';
import { RouterLink } from '../../../shared/components/RouterLink';
import { useDocumentTitle } from '../../../shared/hooks/useDocumentTitle';
import { errorField, errorMessage } from '../../../shared/lib/error-message';
import { NewPasswordField } from '../components/NewPasswordField';
import { AccountPageCard } from '../components/AccountPageCard';
import { weakPasswordMessage } from '../lib/password-strength';

/** /reset-password?token=…: the e-mailed link; a new password signs out every session. */
export function ResetPasswordPage() {
  const client = useApolloClient();
  useDocumentTitle('Choose a new password');
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [password, setPassword] = useState('');
  const [passwordError, setPasswordError] = useState<string | null>(null);
  const [linkError, setLinkError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [reset, { loading }] = useResetPasswordMutation();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    const weak = await weakPasswordMessage(client, password);
    setPasswordError(weak);
    if (weak) return;
    try {
      const { data } = await reset({ variables: { input: { token, password } } });
      setDone(data?.resetPassword.message ?? 'Your password was changed.');
    } catch (err) {
      const message = errorMessage(err, 'Could not change the password. Try again in a moment.');
      const field = errorField(err);
      if (field === 'token') setLinkError(message);
      else if (field === 'password') setPasswordError(message);
      else setFormError(message);
    }
  };

  if (!token || linkError) {
    return (
      <AccountPageCard title="This link does not work">
        <FormError message={linkError ?? 'The link has no token: open it from the e-mail again, or ask for a new one.'} />
        <Button asChild colorPalette="purple" size="lg">
          <RouterLink to="/forgot-password" color="white" _hover={{ textDecoration: 'none' }}>
            Send me a new link
          </RouterLink>
        </Button>
      </AccountPageCard>
    );
  }

  if (done) {
    return (
      <AccountPageCard title="Password changed">
        <Alert.Root status="success" rounded="lg" role="status">
          <Alert.Indicator />
          <Alert.Title>{done}</Alert.Title>
        </Alert.Root>
        <Button asChild colorPalette="purple" size="lg">
          <RouterLink to="/auth" color="white" _hover={{ textDecoration: 'none' }}>
            Sign in
          </RouterLink>
        </Button>
      </AccountPageCard>
    );
  }

  return (
    <AccountPageCard title="Choose a new password" subtitle="Every device signed in to your account will be signed out.">
      <Stack as="form" gap="4" onSubmit={submit}>
        <NewPasswordField
          label="New password"
          name="new-password"
          value={password}
          error={passwordError}
          onChange={(value) => {
            setPassword(value);
            setPasswordError(null);
          }}
        />
        <FormError message={formError} />
        <Button type="submit" size="lg" colorPalette="purple" loading={loading} loadingText="Saving…">
          Set the new password
        </Button>
      </Stack>
      <Text textAlign="center" fontSize="sm">
        <RouterLink to="/auth">Back to sign in</RouterLink>
      </Text>
    </AccountPageCard>
  );
}
