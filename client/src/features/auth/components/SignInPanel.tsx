import { Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { RouterLink } from '../../../shared/components/RouterLink';
import { errorCode, errorMessage } from '../../../shared/lib/error-message';
import { toast } from '../../../shared/toast';
import type { Credentials } from '../auth-context';
import { useAuth } from '../hooks/useAuth';
import { useAfterAuthPath } from '../lib/after-auth-path';
import { signInGreeting } from '../lib/sign-in-greeting';
import { CredentialsForm } from './CredentialsForm';
import { TwoFactorStep } from './TwoFactorStep';

/** "Welcome back": sign in and go to the dashboard. */
export function SignInPanel() {
  const { signIn } = useAuth();
  const navigate = useNavigate();
  const afterAuthPath = useAfterAuthPath();
  // Two-step sign-in: the password was right, the server asks for a code (TWO_FACTOR_REQUIRED).
  const [secondStep, setSecondStep] = useState<{ credentials: Credentials; error: string | null } | null>(null);

  const handleSubmit = async (credentials: Credentials) => {
    try {
      const user = await signIn(credentials);
      const greeting = signInGreeting(user.role);
      toast.success(greeting.title, greeting.description);
      // Support staff work in the support console; they have no profile to create.
      navigate(user.role === 'SUPPORT' && afterAuthPath === '/dashboard' ? '/support' : afterAuthPath, { replace: true });
    } catch (error) {
      if (errorCode(error) === 'TWO_FACTOR_REQUIRED') {
        setSecondStep({ credentials: { email: credentials.email, password: credentials.password }, error: credentials.code ? errorMessage(error, 'Invalid code') : null });
        return;
      }
      toast.error(errorMessage(error, 'Failed to sign in'));
    }
  };

  if (secondStep) {
    return (
      <TwoFactorStep
        email={secondStep.credentials.email}
        error={secondStep.error}
        onCancel={() => setSecondStep(null)}
        onSubmit={(code) => handleSubmit({ ...secondStep.credentials, code })}
      />
    );
  }
  return (
    <Stack gap="4">
      <CredentialsForm submitLabel="Sign In" submittingLabel="Signing in..." onSubmit={handleSubmit} />
      <Text textAlign="center" fontSize="sm">
        <RouterLink to="/forgot-password">Forgot password?</RouterLink>
      </Text>
    </Stack>
  );
}
