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
import type { Orm } from '../../platform/db/orm';
import { BookingStatus } from '../bookings';

export const REVIEW_MESSAGES = {
  bookingNotFound: 'Booking not found',
  notParty: 'Only the booker and the creator of this booking can review it',
  notCompleted: 'Only completed bookings can be reviewed',
  alreadyReviewed: 'You have already reviewed this booking',
} as const;

const REVIEWABLE: readonly BookingStatus[] = [BookingStatus.COMPLETED, BookingStatus.AUTO_COMPLETED];

/** Double-blind: a review stays hidden until the other party has written theirs, or this long after the booking was completed. */
export const REVEAL_AFTER_MS = 14 * 86_400_000;

/** When a booking counts as completed for the reveal window (its end when no completion time was recorded). */
const COMPLETED_AT = (b: string) => `coalesce(${b}.completed_at, ${b}.end_time)`;

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
/** Only revealed reviews are public (double-blind). */
const REVEALED = 'r.revealed_at is not null';

type ReviewRow = Record<string, any>;

type LoaderContext = ServiceContext & { loaders: LoaderCache };

/**
 * Reviews: public lists of a creator's reviews, and writing one after a completed booking (which
 * publishes `profileChanged` for the reviewee: their rating and review list changed).
 */
export class ReviewsService {
  constructor(private readonly deps: { clock: Clock; events: EventBus; outbox: Outbox; orm: Orm }) {}

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
       matching as (${REVIEWS_OF_PROFILE} where p.id = ? and ${REVEALED})
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
   * Reveals the hidden reviews matching `where` (on `reviews r`, with its parameters), in the caller's
   * transaction: their reviewees' ratings are recomputed and each reviewee is told (`review.created`,
   * the review's words and stars). Returns the reviewees whose rating changed.
   */
  private async reveal(em: EntityManager, where: string, params: unknown[], now: Date): Promise<string[]> {
    const rows = await em.execute<
      { id: string; booking_id: string; reviewer_id: string; reviewee_id: string; rating: number; comment: string | null; start_time: Date; end_time: Date }[]
    >(
      `update reviews r set revealed_at = ? from bookings b where b.id = r.booking_id and r.revealed_at is null and ${where}
       returning r.id, r.booking_id, r.reviewer_id, r.reviewee_id, r.rating, r.comment, b.start_time, b.end_time`,
      [now, ...params],
    );
    if (rows.length === 0) return [];
    const reviewees = [...new Set(rows.map((r) => r.reviewee_id))].sort();
    // Reviews of the same person are serialised, so concurrent recomputations never lose one.
    for (const userId of reviewees) {
      await em.execute('select id from profiles where user_id = ? for update', [userId]);
      await recomputeRating(em, userId);
    }
    const names = new Map(
      (await em.execute<{ id: string; reviewer_name: string }[]>(
        `select u.id, ${REVIEWER_NAME} from users u left join profiles rp on rp.user_id = u.id where u.id = any(?::uuid[])`,
        [`{${[...new Set(rows.map((r) => r.reviewer_id))].join(',')}}`],
      )).map((r) => [r.id, r.reviewer_name]),
    );
    for (const r of rows) {
      await this.deps.outbox.publish(em, {
        topic: 'review.created',
        aggregateId: r.id,
        bookingId: r.booking_id,
        actorUserId: r.reviewer_id,
        audienceUserIds: [r.reviewee_id],
        payload: {
          reviewId: r.id,
          bookingId: r.booking_id,
          // The hours reviewed: the bell and the e-mail name the booking, like every booking item.
          startTime: new Date(r.start_time).toISOString(),
          endTime: new Date(r.end_time).toISOString(),
          rating: r.rating,
          comment: r.comment ?? null,
          reviewerName: names.get(r.reviewer_id) ?? null,
          revieweeUserId: r.reviewee_id,
        },
      });
    }
    return reviewees;
  }

  /**
   * The reveal sweep: reviews still hidden 14 days after their booking was completed are revealed
   * (the other party did not write theirs). Idempotent; returns how many reviewees' ratings changed.
   * `everyReview`: reveal every hidden review (the demo seeder's history), in `em`'s transaction.
   */
  async revealDue(now: Date, opts: { em?: EntityManager; everyReview?: boolean } = {}): Promise<number> {
    const em = opts.em ?? this.deps.orm.em.fork();
    const reviewees = await em.transactional((tx) =>
      opts.everyReview
        ? this.reveal(tx, 'true', [], now)
        : this.reveal(tx, `exists (select 1 from bookings b where b.id = r.booking_id and ${COMPLETED_AT('b')} <= ?)`, [new Date(now.getTime() - REVEAL_AFTER_MS)], now),
    );
    for (const userId of reviewees) await this.deps.events.publish('profileChanged', { userId });
    return reviewees.length;
  }

  /**
   * A party of a completed booking reviews the other party, once. The reviewer and reviewee are
   * derived from the booking (never from the client). The reviewee's profile rating and review
   * count are recomputed in the same transaction.
   */
  async createReview(ctx: ServiceContext, input: CreateReviewInput): Promise<ReviewView> {
    const viewer = requireViewer(ctx);
    const data = parseInput(CreateReviewSchema, input);
    let created: { reviewId: string; revealedFor: string[] };
    try {
      created = await ctx.em.transactional(async (em) => {
        // The booking's two reviews are written one after the other, so the second always sees the first (and reveals both).
        await em.execute('select id from bookings where id = ? for update', [data.bookingId]);
        const booking = await em.findOne(Booking, { id: data.bookingId }, { populate: ['creator'] });
        if (!booking) throw notFound(REVIEW_MESSAGES.bookingNotFound);
        const bookerId = booking.booker.id;
        const creatorUserId = booking.creator.getEntity().user.id;
        if (viewer.id !== bookerId && viewer.id !== creatorUserId) throw forbidden(REVIEW_MESSAGES.notParty);
        if (!REVIEWABLE.includes(booking.status)) throw invalidTransition(REVIEW_MESSAGES.notCompleted);
        const revieweeId = viewer.id === bookerId ? creatorUserId : bookerId;
        // Both parties' profiles, in user-id order (as the reveal takes them), before the insert's key-share lock on the creator's.
        await em.execute('select id from profiles where user_id = any(?::uuid[]) order by user_id for update', [`{${[bookerId, creatorUserId].sort().join(',')}}`]);

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
        // Revealed now when the other party has reviewed too, or the 14 days after completion are over; else hidden.
        const now = this.deps.clock.now();
        const windowOver = now.getTime() - (booking.completedAt ?? booking.endTime).getTime() >= REVEAL_AFTER_MS;
        const otherReviewed = (await em.count(Review, { bookingId: booking.id, reviewer: { $ne: viewer.id } })) > 0;
        const revealed = windowOver || otherReviewed ? await this.reveal(em, `r.booking_id = ?`, [booking.id], now) : [];
        return { reviewId: review.id, revealedFor: revealed };
      });
    } catch (err) {
      if (pgErrorCode(err) === PG.uniqueViolation) throw conflict(REVIEW_MESSAGES.alreadyReviewed);
      throw err;
    }
    for (const userId of created.revealedFor) await this.deps.events.publish('profileChanged', { userId });
    const [row] = await ctx.em.execute(
      `select r.*, ${REVIEWER_NAME} from reviews r left join profiles rp on rp.user_id = r.reviewer_id where r.id = ?`,
      [created.reviewId],
    );
    return reviewFromRow(row);
  }
}

/** Average and count of the revealed reviews about a user, written onto their profile (if they have one). */
async function recomputeRating(em: EntityManager, userId: string): Promise<void> {
  await em.execute(
    `update profiles set
       average_rating = coalesce((select avg(rating)::float8 from reviews where reviewee_id = ? and revealed_at is not null), 0),
       review_count = (select count(*)::int from reviews where reviewee_id = ? and revealed_at is not null)
     where user_id = ?`,
    [userId, userId, userId],
  );
}
