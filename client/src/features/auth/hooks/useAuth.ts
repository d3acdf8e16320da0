import { useContext } from 'react';
import { AuthContext, type AuthContextValue } from '../auth-context';

/** The current session and the actions that change it. Needs `<AuthProvider>` above. */
export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth must be used inside <AuthProvider>');
  return value;
}
