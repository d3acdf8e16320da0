import { useRequestBookingPayoutMutation } from '../../../gql/graphql';
import { withToasts } from '../../../shared/lib/toast-action';
import { BOOKING_MESSAGES as MSG } from '../lib/booking-view';

/** "Confirm Payout": the creator's allocated share goes to their connected account now. */
export function useRequestPayout() {
  const [mutate, { loading }] = useRequestBookingPayoutMutation();
  const requestPayout = (bookingId: string) =>
    withToasts(() => mutate({ variables: { bookingId } }), { success: MSG.payoutDone, failure: MSG.payoutFailed });
  return { requestPayout, paying: loading };
}
