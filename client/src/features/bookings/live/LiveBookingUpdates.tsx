import { useLiveBookingUpdatesSubscription } from '../../../gql/graphql';
import { useAuth } from '../../auth/hooks/useAuth';
import { bookingEvents } from './booking-events';

/**
 * The session's one `bookingUpdated` subscription, open while somebody is signed in, on every page.
 * A subscription owned by the bookings list would close whenever the list unmounts (checkout, the
 * creator page) and reopen on return, and an update published before it was registered again
 * would be lost. Rendered once, beside the session (see app/session.tsx).
 */
export function LiveBookingUpdates() {
  const { user } = useAuth();
  useLiveBookingUpdatesSubscription({
    skip: !user,
    onData: ({ data }) => {
      const booking = data.data?.bookingUpdated;
      if (booking) bookingEvents.emit(booking);
    },
  });
  return null;
}
