import { useApolloClient } from '@apollo/client';
import { Button, Field, Heading, Separator, Stack, Text } from '@chakra-ui/react';
import { useState, type FormEvent } from 'react';
import { LuLogOut } from 'react-icons/lu';
import { useNavigate } from 'react-router-dom';
import { ActionDialog } from '../../../shared/components/ActionDialog';
import { FormError } from '../../../shared/components/FormError';
import { errorField, errorMessage } from '../../../shared/lib/error-message';
import { toast } from '../../../shared/toast';
import { NewPasswordField } from '../../auth/components/NewPasswordField';
import { PasswordInput } from '../../auth/components/PasswordInput';
import { useAuth } from '../../auth/hooks/useAuth';
import { weakPasswordMessage } from '../../auth/lib/password-strength';
import { SETTINGS_MESSAGES as MSG } from '../lib/settings';
import { SettingsSection } from './SettingsSection';

/** #account: change the password (live strength meter) and sign out every device. */
export function AccountSection() {
  const { user } = useAuth();
  return (
    <SettingsSection id="account" title="Account" description={user ? `Signed in as ${user.email}.` : 'Your sign-in.'}>
      <Stack gap="6">
        <ChangePasswordForm />
        <Separator />
        <SignOutEverywhere />
      </Stack>
    </SettingsSection>
  );
}

function ChangePasswordForm() {
  const client = useApolloClient();
  const { user, changePassword } = useAuth();
  const [currentPassword, setCurrentPassword] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const [currentError, setCurrentError] = useState<string | null>(null);
  const [newError, setNewError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    const missingCurrent = currentPassword ? null : MSG.currentPasswordRequired;
    const weak = await weakPasswordMessage(client, newPassword, { email: user?.email });
    setCurrentError(missingCurrent);
    setNewError(weak);
    if (missingCurrent || weak) return;
    setSaving(true);
    try {
      await changePassword({ currentPassword, newPassword });
      setCurrentPassword('');
      setNewPassword('');
      toast.success(MSG.passwordChanged, MSG.passwordChangedDetail);
    } catch (error) {
      const message = errorMessage(error, MSG.passwordChangeFailed);
      // The server names the field it refused: the message goes under that field.
      const field = errorField(error);
      if (field === 'currentPassword') setCurrentError(message);
      else if (field === 'newPassword') setNewError(message);
      else setFormError(message);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Stack asChild gap="4" maxW="md">
      <form onSubmit={submit} noValidate aria-labelledby="change-password-heading">
      <Heading as="h3" size="sm" id="change-password-heading">
        Change password
      </Heading>
      {/* Lets password managers tie the new password to the account. */}
      <input type="email" name="username" autoComplete="username" value={user?.email ?? ''} readOnly hidden />
      <Field.Root required invalid={Boolean(currentError)}>
        <Field.Label>Current password</Field.Label>
        <PasswordInput
          name="current-password"
          autoComplete="current-password"
          value={currentPassword}
          onChange={(event) => {
            setCurrentPassword(event.target.value);
            setCurrentError(null);
          }}
        />
        {currentError && <Field.ErrorText>{currentError}</Field.ErrorText>}
      </Field.Root>
      <NewPasswordField
        label="New password"
        name="new-password"
        value={newPassword}
        error={newError}
        account={{ email: user?.email }}
        onChange={(value) => {
          setNewPassword(value);
          setNewError(null);
        }}
      />
      <FormError message={formError} />
      <Button type="submit" colorPalette="purple" alignSelf="start" loading={saving} loadingText="Changing…">
        Change password
      </Button>
      </form>
    </Stack>
  );
}

function SignOutEverywhere() {
  const { signOutEverywhere } = useAuth();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  return (
    <Stack gap="2" align="start">
      <Heading as="h3" size="sm">
        Sign out everywhere
      </Heading>
      <Text fontSize="sm" color="fg.muted">
        Lost a phone or used a shared computer? This signs out every device and browser, this one included.
      </Text>
      <ActionDialog
        trigger={
          <Button variant="outline" colorPalette="red" size="sm">
            <LuLogOut aria-hidden />
            Log out everywhere
          </Button>
        }
        title="Log out on every device?"
        confirmLabel="Log out everywhere"
        confirmPalette="red"
        loading={busy}
        onConfirm={async () => {
          setBusy(true);
          try {
            await signOutEverywhere();
          } catch (error) {
            toast.error(MSG.signOutEverywhereFailed, errorMessage(error, '') || undefined);
            setBusy(false);
            return false;
          }
          navigate('/auth', { replace: true });
          return true;
        }}
      >
        <Text>Every session of your account ends now, including this one. You will sign in again with your password.</Text>
      </ActionDialog>
    </Stack>
  );
}
