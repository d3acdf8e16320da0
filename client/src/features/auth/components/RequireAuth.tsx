import type { ReactNode } from 'react';
import { Navigate } from 'react-router-dom';
import { PageSpinner } from '../../../shared/components/PageSpinner';
import { useAuth } from '../hooks/useAuth';

/** Guard: spinner while the session is checked, /auth when signed out, the page otherwise. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { user, loading } = useAuth();

  if (loading) return <PageSpinner label="Checking your session" />;
  if (!user) return <Navigate to="/auth" replace />;
  return <>{children}</>;
}
