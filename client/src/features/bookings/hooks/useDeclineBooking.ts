import { useDeclineBookingMutation } from '../../../gql/graphql';
import { withToasts } from '../../../shared/lib/toast-action';
import { BOOKING_MESSAGES as MSG } from '../lib/booking-view';

/** Creator: decline a pending request (the card hold is released). */
export function useDeclineBooking() {
  const [mutate, { loading }] = useDeclineBookingMutation();
  const decline = (bookingId: string) =>
    withToasts(() => mutate({ variables: { bookingId } }), { success: MSG.declined, failure: MSG.statusFailed });
  return { decline, declining: loading };
}
