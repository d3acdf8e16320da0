import { useCancelBookingMutation, type CancellationReasonCode } from '../../../gql/graphql';
import { withToasts } from '../../../shared/lib/toast-action';
import { BOOKING_MESSAGES as MSG } from '../lib/booking-view';

/** Cancels with the reason picked from the short list and the words given (the other side is told both). */
export function useCancelBooking() {
  const [mutate, { loading }] = useCancelBookingMutation();
  const cancel = (bookingId: string, reasonCode: CancellationReasonCode | null, reason: string) =>
    withToasts(() => mutate({ variables: { input: { bookingId, reasonCode, reason: reason.trim() || null } } }), {
      success: MSG.cancelled,
      failure: MSG.cancelFailed,
    });
  return { cancel, cancelling: loading };
}
