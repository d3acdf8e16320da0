import { Button, Stack, type StackProps } from '@chakra-ui/react';
import { Link, NavLink, useNavigate } from 'react-router-dom';
import { useAuth } from '../../features/auth/hooks/useAuth';

interface Props extends StackProps {
  onNavigate?: () => void;
}

/** Signed out: Sign In + Get Started. Signed in: Dashboard (+ Support for support staff) + Settings + Sign Out. */
export function AuthNavActions({ onNavigate, ...stackProps }: Props) {
  const { user, loading, signOut } = useAuth();
  const navigate = useNavigate();

  if (loading) return null;

  if (user) {
    const handleSignOut = async () => {
      onNavigate?.();
      await signOut();
      navigate('/');
    };
    return (
      <Stack gap="2" {...stackProps}>
        <Button asChild variant="ghost" size="sm" _currentPage={{ bg: 'brand.subtle' }}>
          <NavLink to="/dashboard" onClick={onNavigate}>
            Dashboard
          </NavLink>
        </Button>
        {user.role === 'SUPPORT' && (
          <Button asChild variant="ghost" size="sm" _currentPage={{ bg: 'brand.subtle' }}>
            <NavLink to="/support" onClick={onNavigate}>
              Support
            </NavLink>
          </Button>
        )}
        <Button asChild variant="ghost" size="sm" _currentPage={{ bg: 'brand.subtle' }}>
          <NavLink to="/settings" onClick={onNavigate}>
            Settings
          </NavLink>
        </Button>
        <Button variant="outline" size="sm" onClick={handleSignOut}>
          Sign Out
        </Button>
      </Stack>
    );
  }

  return (
    <Stack gap="2" {...stackProps}>
      <Button asChild variant="ghost" size="sm">
        <Link to="/auth" onClick={onNavigate}>
          Sign In
        </Link>
      </Button>
      <Button asChild size="sm" bgGradient="to-r" gradientFrom="brand.solid" gradientTo="accent.solid" color="white">
        <Link to="/auth?mode=join" onClick={onNavigate}>
          Get Started
        </Link>
      </Button>
    </Stack>
  );
}
