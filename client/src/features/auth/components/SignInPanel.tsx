import { useNavigate } from 'react-router-dom';
import { errorMessage } from '../../../shared/lib/error-message';
import { toast } from '../../../shared/toast';
import type { Credentials } from '../auth-context';
import { useAuth } from '../hooks/useAuth';
import { useAfterAuthPath } from '../lib/after-auth-path';
import { CredentialsForm } from './CredentialsForm';

/** "Welcome back": sign in and go to the dashboard. */
export function SignInPanel() {
  const { signIn } = useAuth();
  const navigate = useNavigate();
  const afterAuthPath = useAfterAuthPath();

  const handleSubmit = async (credentials: Credentials) => {
    try {
      const user = await signIn(credentials);
      toast.success('Welcome back!', "You've successfully signed in.");
      // Support staff work in the support console; they have no profile to create.
      navigate(user.role === 'SUPPORT' && afterAuthPath === '/dashboard' ? '/support' : afterAuthPath, { replace: true });
    } catch (error) {
      toast.error(errorMessage(error, 'Failed to sign in'));
    }
  };

  return <CredentialsForm submitLabel="Sign In" submittingLabel="Signing in..." onSubmit={handleSubmit} />;
}
