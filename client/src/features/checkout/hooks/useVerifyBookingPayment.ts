import { useVerifyBookingPaymentMutation, type VerifyBookingPaymentInput } from '../../../gql/graphql';

/**
 * Asks the server to check the booking's payment with the provider (the booking moves to held
 * when the money is authorized). Resolves `booking_confirmed`; the booking's new status lands
 * in the cache, and `refreshActive` also refetches the screen's lists (the dashboard's bookings).
 */
export function useVerifyBookingPayment({ refreshActive = false } = {}) {
  const [mutate, { loading }] = useVerifyBookingPaymentMutation({
    refetchQueries: refreshActive ? 'active' : undefined,
  });
  const verify = async (input: VerifyBookingPaymentInput): Promise<boolean> => {
    const { data } = await mutate({ variables: { input } });
    return Boolean(data?.verifyBookingPayment.bookingConfirmed);
  };
  return { verify, verifying: loading };
}
