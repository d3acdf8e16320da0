import { RouterProvider } from 'react-router-dom';
import { AppProviders } from './providers';
import { router } from './router';

const goToSignIn = () => void router.navigate('/auth', { replace: true });

export function App() {
  return (
    <AppProviders onSessionExpired={goToSignIn}>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
