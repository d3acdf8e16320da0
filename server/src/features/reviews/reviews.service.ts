import type { EntityManager } from '@mikro-orm/postgresql';
import type { Clock } from '../../platform/shared/clock';
import { requireViewer, type ServiceContext } from '../../platform/shared/context';
import { badInput, conflict, forbidden, invalidTransition, notFound, PG, pgErrorCode } from '../../platform/shared/errors';
import type { EventBus } from '../../platform/shared/events';
import { perRequestLoader, type LoaderCache } from '../../platform/shared/loaders';
import { encodeCursor, pageSize, toConnection, UUID_RE, type Connection } from '../../platform/shared/pagination';
import { parseInput } from '../../platform/shared/validation';
import { Booking } from '../bookings';
import { PROFILE_MESSAGES } from '../profiles';
import { PUBLIC_CREATOR } from '../profiles';
import { CreateReviewSchema, type CreateReviewInput } from './review.inputs';
import { latestReviewsJson } from '../profiles';
import { afterReview, REVIEW_ORDER, reviewWindow } from './review-list';
import { reviewFromRow, type ReviewView } from '../profiles';

export { reviewFromRow, type ReviewView };
import { Review } from './review.entity';
import type { Outbox } from '../../platform/outbox/outbox';
import { BookingStatus } from '../bookings';

export const REVIEW_MESSAGES = {
  bookingNotFound: 'Booking not found',
  notParty: 'Only the booker and the creator of this booking can review it',
  notCompleted: 'Only completed bookings can be reviewed',
  alreadyReviewed: 'You have already reviewed this booking',
} as const;

const REVIEWABLE: readonly BookingStatus[] = [BookingStatus.COMPLETED, BookingStatus.AUTO_COMPLETED];

/**
 * Reviews about a person are those whose reviewee is their user; a creator's rating and review
 * list both use this. `p` is the profile being reviewed. The reviewer's name is their profile
 * name ("Client" without one: e-mail addresses are never shown publicly).
 */
const REVIEWER_NAME = `coalesce(rp.display_name, 'Client') as reviewer_name`;
const REVIEWS_OF_PROFILE = `select r.id, r.booking_id, r.streamer_id, r.reviewer_id, r.reviewee_id, r.rating, r.comment,
    r.created_at, r.created_at::text as created_key, p.id as profile_id, ${REVIEWER_NAME}
  from reviews r
  join profiles p on p.user_id = r.reviewee_id
  left join profiles rp on rp.user_id = r.reviewer_id`;

type ReviewRow = Record<string, any>;

type LoaderContext = ServiceContext & { loaders: LoaderCache };

/**
 * Reviews: public lists of a creator's reviews, and writing one after a completed booking (which
 * publishes `profileChanged` for the reviewee: their rating and review list changed).
 */
export class ReviewsService {
  constructor(private readonly deps: { clock: Clock; events: EventBus; outbox: Outbox }) {}

  /** A creator's reviews, newest first; Relay cursor (`first`/`after`) or REST page/limit. */
  async listForCreator(
    ctx: ServiceContext,
    creatorId: string,
    args: { first?: unknown; after?: unknown; page?: unknown; limit?: unknown } = {},
  ): Promise<Connection<ReviewView>> {
    const window = reviewWindow(args);
    if (!creatorId) throw badInput('creatorId is required', 'creatorId');
    if (!UUID_RE.test(creatorId)) throw notFound(PROFILE_MESSAGES.notFound);

    const params: unknown[] = [creatorId, creatorId];
    let page = '';
    if (window.mode === 'cursor' && window.after) {
      const after = afterReview('matching', window.after);
      page = `where ${after.sql}`;
      params.push(...after.params);
    }
    params.push(window.size + 1);
    const offset = window.mode === 'offset' ? ` offset ${window.offset}` : '';
    // One statement: no row at all when the creator is not public; else the count and the page.
    const rows: ReviewRow[] = await ctx.em.execute(
      `with creator as (select p.id from profiles p join users u on u.id = p.user_id where p.id = ? and ${PUBLIC_CREATOR}),
       matching as (${REVIEWS_OF_PROFILE} where p.id = ?)
       select t.total_count, m.* from creator
       cross join (select count(*)::int as total_count from matching) t
       left join lateral (select * from matching ${page} order by ${REVIEW_ORDER('matching')} limit ?${offset}) m on true
       order by ${REVIEW_ORDER('m')}`,
      params,
    );
    if (rows.length === 0) throw notFound(PROFILE_MESSAGES.notFound);
    const found = rows.filter((r) => r.id !== null);
    const conn = toConnection(found, window.size, rows[0]?.total_count ?? 0, (r) => encodeCursor([r.created_key, r.id]));
    return { ...conn, edges: conn.edges.map((e) => ({ cursor: e.cursor, node: reviewFromRow(e.node) })) };
  }

  /**
   * The newest `first` reviews of a creator, batched per request: one statement for all creators
   * on the page, each an index range scan that stops after `first` rows (`latestReviewsJson`).
   */
  latestForCreator(ctx: LoaderContext, creatorId: string, first?: number | null): Promise<ReviewView[]> {
    const size = pageSize(first, 3);
    const loader = perRequestLoader<string, ReviewView[]>(ctx, `reviews.latestForCreator:${size}`, async (ids) => {
      const rows: { profile_id: string; reviews: ReviewRow[] | null }[] = await ctx.em.execute(
        `select c.id as profile_id, l.reviews
           from unnest(array[?]::uuid[]) as c(id)
           join profiles p on p.id = c.id
           cross join lateral ${latestReviewsJson('p.user_id')} l`,
        [ids, size],
      );
      const byCreator = new Map<string, ReviewView[]>(rows.map((r) => [r.profile_id, (r.reviews ?? []).map(reviewFromRow)]));
      return ids.map((id) => byCreator.get(id) ?? []);
    });
    return loader.load(creatorId);
  }

  /**
   * A party of a completed booking reviews the other party, once. The reviewer and reviewee are
   * derived from the booking (never from the client). The reviewee's profile rating and review
   * count are recomputed in the same transaction.
   */
  async createReview(ctx: ServiceContext, input: CreateReviewInput): Promise<ReviewView> {
    const viewer = requireViewer(ctx);
    const data = parseInput(CreateReviewSchema, input);
    let created: { reviewId: string; revieweeId: string };
    try {
      created = await ctx.em.transactional(async (em) => {
        const booking = await em.findOne(Booking, { id: data.bookingId }, { populate: ['creator'] });
        if (!booking) throw notFound(REVIEW_MESSAGES.bookingNotFound);
        const bookerId = booking.booker.id;
        const creatorUserId = booking.creator.getEntity().user.id;
        if (viewer.id !== bookerId && viewer.id !== creatorUserId) throw forbidden(REVIEW_MESSAGES.notParty);
        if (!REVIEWABLE.includes(booking.status)) throw invalidTransition(REVIEW_MESSAGES.notCompleted);
        const revieweeId = viewer.id === bookerId ? creatorUserId : bookerId;

        // Reviews of the same person are serialised, so concurrent recomputations never lose one.
        await em.execute('select id from profiles where user_id = ? for update', [revieweeId]);
        if ((await em.count(Review, { bookingId: booking.id, reviewer: viewer.id })) > 0) {
          throw conflict(REVIEW_MESSAGES.alreadyReviewed);
        }
        const review = em.create(Review, {
          bookingId: booking.id,
          creator: booking.creator,
          reviewer: viewer.id,
          reviewee: revieweeId,
          rating: data.rating,
          comment: data.comment,
          createdAt: this.deps.clock.now(),
        });
        await em.flush();
        await recomputeRating(em, revieweeId);
        const [names] = await em.execute<{ reviewer_name: string }[]>(
          `select ${REVIEWER_NAME} from users u left join profiles rp on rp.user_id = u.id where u.id = ?`,
          [viewer.id],
        );
        await this.deps.outbox.publish(em, {
          topic: 'review.created',
          aggregateId: review.id,
          bookingId: booking.id,
          actorUserId: viewer.id,
          audienceUserIds: [revieweeId],
          payload: { reviewId: review.id, bookingId: booking.id, rating: review.rating, comment: review.comment ?? null, reviewerName: names?.reviewer_name ?? null, revieweeUserId: revieweeId },
        });
        return { reviewId: review.id, revieweeId };
      });
    } catch (err) {
      if (pgErrorCode(err) === PG.uniqueViolation) throw conflict(REVIEW_MESSAGES.alreadyReviewed);
      throw err;
    }
    await this.deps.events.publish('profileChanged', { userId: created.revieweeId });
    const [row] = await ctx.em.execute(
      `select r.*, ${REVIEWER_NAME} from reviews r left join profiles rp on rp.user_id = r.reviewer_id where r.id = ?`,
      [created.reviewId],
    );
    return reviewFromRow(row);
  }
}

/** Average and count of the reviews about a user, written onto their profile (if they have one). */
async function recomputeRating(em: EntityManager, userId: string): Promise<void> {
  await em.execute(
    `update profiles set
       average_rating = coalesce((select avg(rating)::float8 from reviews where reviewee_id = ?), 0),
       review_count = (select count(*)::int from reviews where reviewee_id = ?)
     where user_id = ?`,
    [userId, userId, userId],
  );
}
