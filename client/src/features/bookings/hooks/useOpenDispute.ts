import { useOpenBookingDisputeMutation, type OpenDisputeInput } from '../../../gql/graphql';
import { withToasts } from '../../../shared/lib/toast-action';
import { BOOKING_MESSAGES as MSG } from '../lib/booking-view';

/** Opens a dispute (reason required, evidence optional); a creator no-show refunds at once. */
export function useOpenDispute() {
  const [mutate, { loading }] = useOpenBookingDisputeMutation();
  const openDispute = (input: OpenDisputeInput) =>
    withToasts(() => mutate({ variables: { input } }), { success: MSG.disputeOpened, failure: MSG.disputeFailed });
  return { openDispute, opening: loading };
}
