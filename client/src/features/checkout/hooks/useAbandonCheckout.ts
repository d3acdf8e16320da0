import { useCancelBookingMutation } from '../../../gql/graphql';

/** The reason recorded when the booker leaves the checkout page with Cancel. */
export const ABANDONED_CHECKOUT_REASON = 'Payment cancelled at checkout';

/**
 * Cancel on the checkout page: the unpaid booking is cancelled so its hours are free again at once
 * (a declined card or a change of mind holds nothing), instead of staying held until the checkout
 * expires. If that fails (e.g. the booking changed meanwhile) the hold still expires on its own,
 * so the caller goes on regardless.
 */
export function useAbandonCheckout() {
  const [mutate, { loading }] = useCancelBookingMutation();
  const abandon = async (bookingId: string): Promise<void> => {
    await mutate({ variables: { input: { bookingId, reason: ABANDONED_CHECKOUT_REASON } } }).catch(() => undefined);
  };
  return { abandon, abandoning: loading };
}
