import { Badge, Button, Field, HStack, Input, Separator, Stack, Text } from '@chakra-ui/react';
import { useState, type FormEvent } from 'react';
import { useChangeEmailMutation } from '../../../gql/graphql';
import { FormError } from '../../../shared/components/FormError';
import { errorCode, errorField, errorMessage } from '../../../shared/lib/error-message';
import { toast } from '../../../shared/toast';
import { PasswordInput } from '../../auth/components/PasswordInput';
import { ResendVerificationButton } from '../../auth/components/ResendVerificationButton';
import { useAuth } from '../../auth/hooks/useAuth';
import { SettingsSection } from './SettingsSection';

/** #email: the address, whether it is confirmed (with a resend), and a change of address (password, then the link sent there). */
export function EmailSection() {
  const { user } = useAuth();
  if (!user) return null;
  return (
    <SettingsSection id="email" title="E-mail address" description="Where we send links, receipts and notifications.">
      <Stack gap="6">
        <Stack gap="2">
          <HStack gap="3" flexWrap="wrap">
            <Text fontWeight="semibold" wordBreak="break-all">
              {user.email}
            </Text>
            {user.emailVerified ? (
              <Badge colorPalette="green">Confirmed</Badge>
            ) : (
              <Badge colorPalette="orange">Not confirmed</Badge>
            )}
          </HStack>
          {!user.emailVerified && (
            <Stack gap="2" align="start">
              <Text fontSize="sm" color="fg.muted">
                Open the link we e-mailed you. Until then your creator profile is not listed or bookable, and payouts, API keys and webhooks wait.
              </Text>
              <ResendVerificationButton size="sm" />
            </Stack>
          )}
        </Stack>
        <Separator />
        <ChangeEmailForm />
      </Stack>
    </SettingsSection>
  );
}

function ChangeEmailForm() {
  const [newEmail, setNewEmail] = useState('');
  const [password, setPassword] = useState('');
  // Asked for once the server says the account has two-step sign-in.
  const [code, setCode] = useState<string | null>(null);
  const [codeError, setCodeError] = useState<string | null>(null);
  const [emailError, setEmailError] = useState<string | null>(null);
  const [passwordError, setPasswordError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [change, { loading }] = useChangeEmailMutation();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    setEmailError(newEmail.trim() ? null : 'Enter the new address.');
    setPasswordError(password ? null : 'Enter your password.');
    if (!newEmail.trim() || !password) return;
    try {
      const { data } = await change({ variables: { input: { newEmail: newEmail.trim(), password, code: code?.trim() || null } } });
      setNewEmail('');
      setPassword('');
      setCode(null);
      toast.success('Check your email!', data?.changeEmail.message);
    } catch (err) {
      const message = errorMessage(err, 'Could not change the address');
      const field = errorField(err);
      if (errorCode(err) === 'TWO_FACTOR_REQUIRED') {
        setCode((c) => c ?? '');
        setCodeError(message);
      } else if (field === 'newEmail') setEmailError(message);
      else if (field === 'password') setPasswordError(message);
      else setFormError(message);
    }
  };

  return (
    <Stack asChild gap="4" maxW="md">
      <form onSubmit={submit} noValidate aria-label="Change e-mail address">
        <Text fontWeight="semibold">Change e-mail address</Text>
        <Text fontSize="sm" color="fg.muted">
          We send a link to the new address; it replaces this one once you open it. We also tell this address.
        </Text>
        <Field.Root required invalid={Boolean(emailError)}>
          <Field.Label>New e-mail address</Field.Label>
          <Input type="email" name="new-email" autoComplete="email" value={newEmail} onChange={(e) => { setNewEmail(e.target.value); setEmailError(null); }} />
          {emailError && <Field.ErrorText>{emailError}</Field.ErrorText>}
        </Field.Root>
        <Field.Root required invalid={Boolean(passwordError)}>
          <Field.Label>Password</Field.Label>
          <PasswordInput name="email-change-password" autoComplete="current-password" value={password} onChange={(e) => { setPassword(e.target.value); setPasswordError(null); }} />
          {passwordError && <Field.ErrorText>{passwordError}</Field.ErrorText>}
        </Field.Root>
        {code !== null && (
          <Field.Root required invalid={Boolean(codeError)}>
            <Field.Label>Two-step code</Field.Label>
            <Input name="email-change-code" inputMode="numeric" autoComplete="one-time-code" value={code} onChange={(e) => { setCode(e.target.value); setCodeError(null); }} />
            {codeError ? <Field.ErrorText>{codeError}</Field.ErrorText> : <Field.HelperText>The current code of your authenticator app.</Field.HelperText>}
          </Field.Root>
        )}
        <FormError message={formError} />
        <Button type="submit" colorPalette="purple" alignSelf="start" loading={loading} loadingText="Sending…">
          Send the confirmation link
        </Button>
      </form>
    </Stack>
  );
}
