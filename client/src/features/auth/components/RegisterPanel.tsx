import { Stack } from '@chakra-ui/react';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { AccountType } from '../../../gql/graphql';
import { errorMessage } from '../../../shared/lib/error-message';
import { toast } from '../../../shared/toast';
import type { Credentials } from '../auth-context';
import { useAuth } from '../hooks/useAuth';
import { useAfterAuthPath } from '../lib/after-auth-path';
import { accountTypeOption } from '../lib/account-types';
import { pendingAccountTypeStorage } from '../lib/token-storage';
import { AccountTypePicker } from './AccountTypePicker';
import { ChosenAccountType } from './ChosenAccountType';
import { CredentialsForm } from './CredentialsForm';

/** "Join": pick an account type, then email + password; Change goes back to the pick. */
export function RegisterPanel() {
  const { register } = useAuth();
  const navigate = useNavigate();
  const afterAuthPath = useAfterAuthPath();
  const [accountType, setAccountType] = useState<AccountType | null>(null);

  if (!accountType) return <AccountTypePicker onPick={setAccountType} />;

  const option = accountTypeOption(accountType);
  const handleSubmit = async (credentials: Credentials) => {
    try {
      await register({ ...credentials, accountType });
      // Read by the dashboard to open the matching profile dialog (spec §2 Dashboard).
      pendingAccountTypeStorage.set(option.pending);
      // The spec's toast: sign-up e-mails a confirmation link.
      toast.success('Check your email!', `We sent a confirmation link to ${credentials.email}. Open it to confirm your address.`);
      navigate(afterAuthPath, { replace: true });
    } catch (error) {
      toast.error(errorMessage(error, 'Failed to create account'));
    }
  };

  return (
    <Stack gap="5">
      <ChosenAccountType option={option} onChange={() => setAccountType(null)} />
      <CredentialsForm
        submitLabel="Create Account"
        submittingLabel="Creating account..."
        newPassword
        onSubmit={handleSubmit}
      />
    </Stack>
  );
}
