import { useReviewBookingMutation } from '../../../gql/graphql';
import { withToasts } from '../../../shared/lib/toast-action';
import { BOOKING_MESSAGES as MSG } from '../lib/booking-view';

/** Reviews the other party of a finished booking; the list is read again so Review disappears. */
export function useReviewBooking() {
  const [mutate, { loading }] = useReviewBookingMutation({ refetchQueries: ['BookingList'] });
  const review = (bookingId: string, rating: number, comment: string) =>
    withToasts(() => mutate({ variables: { input: { bookingId, rating, comment: comment.trim() || null } } }), {
      success: MSG.reviewDone,
      failure: MSG.reviewFailed,
    });
  return { review, reviewing: loading };
}
