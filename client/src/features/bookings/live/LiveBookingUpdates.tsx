import { useLiveBookingUpdatesSubscription, type BookingCard_BookingFragment } from '../../../gql/graphql';
import { toast } from '../../../shared/toast';
import { useAuth } from '../../auth/hooks/useAuth';
import { bookerDisplayName } from '../lib/booking-view';
import { bookingEvents } from './booking-events';

/** What the other party did that the viewer should hear about at once, wherever they are in the app. */
export function liveNotice(booking: BookingCard_BookingFragment): { kind: 'success' | 'info'; title: string; detail: string } | null {
  const fresh = !booking.creatorConfirmed && !booking.bookerConfirmed;
  if (booking.viewerRole === 'BOOKER' && booking.status === 'CONFIRMED' && fresh) {
    return {
      kind: 'success',
      title: `${booking.creator.displayName} accepted your request`,
      detail: 'Your collaboration is confirmed and the payment was taken.',
    };
  }
  if (booking.viewerRole === 'CREATOR' && booking.status === 'PENDING' && booking.paymentStatus === 'HELD') {
    return { kind: 'info', title: `New booking request from ${bookerDisplayName(booking.booker)}`, detail: 'Accept or decline it under Bookings.' };
  }
  return null;
}

/** Each notice once per booking and state, however many times the event is delivered. */
const told = new Set<string>();

/**
 * The session's one `bookingUpdated` subscription, open while somebody is signed in, on every page.
 * A subscription owned by the bookings list would close whenever the list unmounts (checkout, the
 * creator page) and reopen on return, and an update published before it was registered again
 * would be lost. Rendered once, beside the session (see app/session.tsx). The other party's moves
 * (an acceptance, a new request) are announced with a toast.
 */
export function LiveBookingUpdates() {
  const { user } = useAuth();
  useLiveBookingUpdatesSubscription({
    skip: !user,
    onData: ({ data }) => {
      const booking = data.data?.bookingUpdated;
      if (!booking) return;
      bookingEvents.emit(booking);
      const notice = liveNotice(booking);
      const key = `${booking.id}:${booking.status}`;
      if (notice && !told.has(key)) {
        told.add(key);
        toast[notice.kind](notice.title, notice.detail);
      }
    },
  });
  return null;
}
