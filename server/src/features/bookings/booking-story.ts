import type { EntityManager } from '@mikro-orm/postgresql';
import type { BookingTopic } from '../../platform/outbox/outbox.topics';
import { topicOfMove } from './booking-events';
import { bookerNameOf } from './process/read';
import type { Actor } from './process/booking.model';

/**
 * A booking's story as other features read it (calendar invites and reminders, a thread's lines):
 * its parties and every applied move from `booking_history`, oldest first. The one reader of a
 * booking's past for features that hear about bookings through the outbox: an event names its
 * move (`outbox_event.history_id`), and what the move did is read here, never re-parsed from the
 * event's JSON. Amounts are not part of it: they are the ledger's (`moneyFigures`).
 */
export interface BookingStory {
  bookingId: string;
  creatorId: string;
  creatorUserId: string;
  creatorName: string;
  creatorTimezone: string;
  bookerUserId: string;
  /** The booker's public name (null: none to show). */
  bookerName: string | null;
  /** Every applied move, oldest first. */
  moves: BookingMoveEntry[];
}

/** One applied move of a booking, as its history row records it. */
export interface BookingMoveEntry {
  /** The history row's id (what an outbox event about the move names). */
  id: string;
  action: string;
  actor: Actor;
  /** Who made the move; null for the system. */
  actorUserId: string | null;
  fromStatus: string;
  fromPayment: string;
  toStatus: string;
  toPayment: string;
  /** The booking's hours after the move. */
  startTime: Date;
  endTime: Date;
  /** The reason given with the move (cancellation, decline, dispute statement, support's note). */
  reason: string | null;
  createdAt: Date;
  /** The outbox topic the move was published as (null: nobody was told, e.g. an unpaid checkout that lapsed). */
  topic: BookingTopic | null;
}

interface StoryRow {
  booking_id: string;
  creator_id: string;
  creator_user_id: string;
  creator_name: string;
  creator_timezone: string;
  booker_user_id: string;
  booker_name: string | null;
  moves: {
    id: string;
    action: string;
    actor: Actor;
    actor_user_id: string | null;
    from_status: string;
    from_payment: string;
    to_status: string;
    to_payment: string;
    start_time: string;
    end_time: string;
    reason: string | null;
    created_at: string;
  }[];
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The stories of many bookings in one statement (absent from the map: no such booking). */
export async function readBookingStories(em: EntityManager, bookingIds: readonly string[]): Promise<Map<string, BookingStory>> {
  const ids = [...new Set(bookingIds)].filter((id) => UUID.test(id));
  if (ids.length === 0) return new Map();
  const rows = await em.execute<StoryRow[]>(
    `select b.id as booking_id, p.id as creator_id, p.user_id as creator_user_id, p.display_name as creator_name, p.timezone as creator_timezone,
            b.booker_id as booker_user_id, ${bookerNameOf('b.booker_id')} as booker_name,
            coalesce((select json_agg(json_build_object(
                'id', h.id, 'action', h.action, 'actor', h.actor, 'actor_user_id', h.actor_user_id,
                'from_status', h.from_status, 'from_payment', h.from_payment, 'to_status', h.to_status, 'to_payment', h.to_payment,
                'start_time', h.start_time, 'end_time', h.end_time, 'reason', h.reason, 'created_at', h.created_at) order by h.seq)
              from booking_history h where h.booking_id = b.id), '[]') as moves
       from bookings b join profiles p on p.id = b.streamer_id
      where b.id = any(?::uuid[])`,
    [`{${ids.join(',')}}`],
  );
  return new Map(rows.map((r) => [r.booking_id, storyOf(r)]));
}

/** One booking's story (null: no such booking). */
export async function readBookingStory(em: EntityManager, bookingId: string): Promise<BookingStory | null> {
  return (await readBookingStories(em, [bookingId])).get(bookingId) ?? null;
}

function storyOf(r: StoryRow): BookingStory {
  return {
    bookingId: r.booking_id,
    creatorId: r.creator_id,
    creatorUserId: r.creator_user_id,
    creatorName: r.creator_name,
    creatorTimezone: r.creator_timezone,
    bookerUserId: r.booker_user_id,
    bookerName: r.booker_name,
    moves: r.moves.map((m) => ({
      id: m.id,
      action: m.action,
      actor: m.actor,
      actorUserId: m.actor_user_id,
      fromStatus: m.from_status,
      fromPayment: m.from_payment,
      toStatus: m.to_status,
      toPayment: m.to_payment,
      startTime: new Date(m.start_time),
      endTime: new Date(m.end_time),
      reason: m.reason,
      createdAt: new Date(m.created_at),
      topic: topicOfMove(m.action, m.from_payment, m.to_status),
    })),
  };
}

/** The moves up to and including the one with history id `moveId` (null: not a move of this booking). */
export function storyUpTo(story: BookingStory, moveId: string): BookingMoveEntry[] | null {
  const at = story.moves.findIndex((m) => m.id === moveId);
  return at < 0 ? null : story.moves.slice(0, at + 1);
}

/** Bookings that took place or will (confirmed, then completed or disputed): what a calendar keeps. */
export const HELD_BOOKING_STATUSES = ['confirmed', 'completed', 'auto_completed', 'disputed'] as const;

/**
 * Ids of confirmed bookings (or of any of `statuses`), in start order: of one party (`partyUserId`)
 * ending after `endsAfter`, or starting in (`startsAfter`, `startsBy`]. The calendar's feed and
 * reminder sweep ask this.
 */
export async function confirmedBookingIds(
  em: EntityManager,
  q: {
    partyUserId?: string;
    endsAfter?: Date;
    startsAfter?: Date;
    startsBy?: Date;
    limit?: number;
    statuses?: readonly (typeof HELD_BOOKING_STATUSES)[number][];
    /** Read those not yet over at this time first (soonest first), then the rest newest first, so a limit drops the oldest. */
    nearestTo?: Date;
  },
): Promise<string[]> {
  const statuses = q.statuses?.length ? q.statuses : ['confirmed'];
  const where: string[] = [`b.status in (${statuses.map(() => '?').join(', ')})`];
  const params: unknown[] = [...statuses];
  if (q.partyUserId) {
    if (!UUID.test(q.partyUserId)) return [];
    where.push('(b.booker_id = ? or b.streamer_id = (select id from profiles where user_id = ?))');
    params.push(q.partyUserId, q.partyUserId);
  }
  if (q.endsAfter) {
    where.push('b.end_time > ?');
    params.push(q.endsAfter);
  }
  if (q.startsAfter) {
    where.push('b.start_time > ?');
    params.push(q.startsAfter);
  }
  if (q.startsBy) {
    where.push('b.start_time <= ?');
    params.push(q.startsBy);
  }
  const limit = q.limit ? ` limit ${Math.max(1, Math.floor(q.limit))}` : '';
  const order = q.nearestTo
    ? 'order by (b.end_time > ?) desc, case when b.end_time > ? then b.start_time end, b.start_time desc, b.id'
    : 'order by b.start_time, b.id';
  if (q.nearestTo) params.push(q.nearestTo, q.nearestTo);
  const rows = await em.execute<{ id: string }[]>(`select b.id from bookings b where ${where.join(' and ')} ${order}${limit}`, params);
  return rows.map((r) => r.id);
}
