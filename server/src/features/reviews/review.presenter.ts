import type { ReviewView } from './reviews.service';

/** The REST shape of a review (spec §3 snake_case fields plus reviewer_name). */
export function presentReview(r: ReviewView) {
  return {
    id: r.id,
    booking_id: r.bookingId,
    streamer_id: r.creatorId,
    reviewer_id: r.reviewerId,
    reviewee_id: r.revieweeId,
    rating: r.rating,
    comment: r.comment,
    created_at: r.createdAt.toISOString(),
    reviewer_name: r.reviewerName,
  };
}
