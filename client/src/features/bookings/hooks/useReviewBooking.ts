import type { ApolloCache } from '@apollo/client';
import { useReviewBookingMutation } from '../../../gql/graphql';
import { withToasts } from '../../../shared/lib/toast-action';
import { BOOKING_MESSAGES as MSG } from '../lib/booking-view';

/**
 * A new review changes the creator's rating: drop the cached rating, review count and review lists,
 * so Discover, the creator page and the profile read them again (at once where they are on screen,
 * otherwise when next shown) instead of showing the figures from before.
 */
function forgetRatingsOf(cache: ApolloCache<unknown>, creatorId: string) {
  const profile = cache.identify({ __typename: 'Profile', id: creatorId });
  if (profile) {
    cache.evict({ id: profile, fieldName: 'averageRating' });
    cache.evict({ id: profile, fieldName: 'reviewCount' });
  }
  cache.evict({ id: 'ROOT_QUERY', fieldName: 'reviews' });
  cache.gc();
}

/** Reviews the other party of a finished booking; the list is read again so Review disappears. */
export function useReviewBooking() {
  const [mutate, { loading }] = useReviewBookingMutation({
    refetchQueries: ['BookingList'],
    update: (cache, { data }) => {
      if (data) forgetRatingsOf(cache, data.createReview.creatorId);
    },
  });
  const review = (bookingId: string, rating: number, comment: string) =>
    withToasts(() => mutate({ variables: { input: { bookingId, rating, comment: comment.trim() || null } } }), {
      success: MSG.reviewDone,
      failure: MSG.reviewFailed,
    });
  return { review, reviewing: loading };
}
