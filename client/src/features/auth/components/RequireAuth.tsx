import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { PageSpinner } from '../../../shared/components/PageSpinner';
import { useAuth } from '../hooks/useAuth';

/**
 * Guard: spinner while the session is checked, /auth when signed out (back here after signing in,
 * e.g. an e-mail's /settings#notifications link), the page otherwise.
 */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { user, loading } = useAuth();
  const location = useLocation();

  if (loading) return <PageSpinner label="Checking your session" />;
  if (!user) return <Navigate to="/auth" replace state={{ from: location }} />;
  return <>{children}</>;
}
