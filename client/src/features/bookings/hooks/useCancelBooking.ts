import { useCancelBookingMutation } from '../../../gql/graphql';
import { withToasts } from '../../../shared/lib/toast-action';
import { BOOKING_MESSAGES as MSG, CANCELLATION_REASON } from '../lib/booking-view';

/** Cancels with the fixed reason "User requested cancellation" (spec §7). */
export function useCancelBooking() {
  const [mutate, { loading }] = useCancelBookingMutation();
  const cancel = (bookingId: string) =>
    withToasts(() => mutate({ variables: { input: { bookingId, reason: CANCELLATION_REASON } } }), {
      success: MSG.cancelled,
      failure: MSG.cancelFailed,
    });
  return { cancel, cancelling: loading };
}
