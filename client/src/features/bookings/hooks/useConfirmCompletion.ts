import { useConfirmBookingCompletionMutation } from '../../../gql/graphql';
import { withToasts } from '../../../shared/lib/toast-action';
import { BOOKING_MESSAGES as MSG } from '../lib/booking-view';

/** Either party confirms the session took place; both confirmations complete the booking. */
export function useConfirmCompletion() {
  const [mutate, { loading }] = useConfirmBookingCompletionMutation();
  const confirmCompletion = (bookingId: string) =>
    withToasts(() => mutate({ variables: { bookingId } }), {
      success: MSG.completionConfirmed,
      failure: MSG.completionFailed,
    });
  return { confirmCompletion, confirming: loading };
}
