/** A review as readers see it, with the reviewer's display name. */
export interface ReviewView {
  id: string;
  bookingId: string;
  creatorId: string;
  reviewerId: string;
  revieweeId: string;
  rating: number;
  comment: string | null;
  createdAt: Date;
  reviewerName: string;
}


/** A review row (or an element of `latestReviewsJson`) as readers see it. */
export const reviewFromRow = (r: Record<string, any>): ReviewView => ({
  id: r.id,
  bookingId: r.booking_id,
  creatorId: r.streamer_id,
  reviewerId: r.reviewer_id,
  revieweeId: r.reviewee_id,
  rating: Number(r.rating),
  comment: r.comment,
  createdAt: new Date(r.created_at),
  reviewerName: r.reviewer_name,
});

