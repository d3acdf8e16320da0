import { iso, type Columns } from '../../platform/graphql/compiled-sql';

/**
 * A review's GraphQL fields (`Review`) as SQL on a row `x` with a review's columns and
 * `reviewer_name` (as `latestReviewsJson` and the review list read them), for compiled reads.
 */
export const REVIEW_FIELDS: Columns = {
  id: () => 'x.id',
  bookingId: () => 'x.booking_id',
  creatorId: () => 'x.streamer_id',
  streamerId: () => 'x.streamer_id', // creatorId's deprecated name
  reviewerId: () => 'x.reviewer_id',
  revieweeId: () => 'x.reviewee_id',
  rating: () => 'x.rating',
  comment: () => 'x.comment',
  createdAt: () => iso('x.created_at'),
  reviewerName: () => 'x.reviewer_name',
};
