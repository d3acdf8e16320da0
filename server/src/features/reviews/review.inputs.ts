import { z } from 'zod';
import { UUID_RE } from '../../platform/shared/pagination';

export const REVIEW_COMMENT_MAX = 2000;
const ratingMessage = 'Rating must be a whole number from 1 to 5';

/** spec §5 "Review": rating 1-5 required; comment optional and trimmed. Accepts booking_id too (REST). */
export const CreateReviewSchema = z.preprocess(
  (raw) => {
    const o = (raw && typeof raw === 'object' ? raw : {}) as Record<string, unknown>;
    return { bookingId: o.bookingId ?? o.booking_id, rating: o.rating, comment: o.comment };
  },
  z.object({
    bookingId: z
      .string({ error: 'bookingId is required' })
      .trim()
      .min(1, 'bookingId is required')
      .regex(UUID_RE, 'bookingId must be a booking id'),
    rating: z.preprocess(
      (v) => (v === undefined || v === null || v === '' ? 0 : typeof v === 'string' ? Number(v) : v),
      z.number({ error: ratingMessage }).min(1, ratingMessage).max(5, ratingMessage).refine(Number.isInteger, ratingMessage),
    ),
    comment: z
      .preprocess(
        (v) => (v === undefined || v === null ? null : v),
        z.string({ error: 'Comment must be text' }).trim().max(REVIEW_COMMENT_MAX, `Comment must be at most ${REVIEW_COMMENT_MAX} characters`).nullable(),
      )
      .transform((v) => (v ? v : null)),
  }),
);

export type CreateReviewInput = Record<string, unknown>;
