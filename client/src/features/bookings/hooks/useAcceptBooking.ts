import { useAcceptBookingMutation } from '../../../gql/graphql';
import { withToasts } from '../../../shared/lib/toast-action';
import { BOOKING_MESSAGES as MSG } from '../lib/booking-view';

/** Creator: accept a pending request (the returned booking updates its row in the cache). */
export function useAcceptBooking() {
  const [mutate, { loading }] = useAcceptBookingMutation();
  const accept = (bookingId: string) =>
    withToasts(() => mutate({ variables: { bookingId } }), { success: MSG.accepted, failure: MSG.statusFailed });
  return { accept, accepting: loading };
}
