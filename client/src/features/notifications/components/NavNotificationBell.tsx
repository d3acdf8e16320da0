import { lazy, Suspense } from 'react';
import { WithGraphQL } from '../../../app/WithGraphQL';
import { useAuth } from '../../auth/hooks/useAuth';
import { BellButton } from './BellButton';

/** The bell and its panel, loaded with the GraphQL client (public pages paint without either). */
const LiveBell = lazy(async () => {
  const { NotificationBell } = await import('./NotificationBell');
  return {
    default: () => (
      <WithGraphQL>
        <NotificationBell />
      </WithGraphQL>
    ),
  };
});

/** The navigation bar's bell, for a signed-in user only, on every page and screen size. */
export function NavNotificationBell() {
  const { user } = useAuth();
  if (!user) return null;
  return (
    <Suspense fallback={<BellButton unread={0} disabled />}>
      <LiveBell key={user.id} />
    </Suspense>
  );
}
