import type { EntityManager } from '@mikro-orm/postgresql';
import { BOOKING_STATE_TOPICS } from '../../platform/outbox/outbox.topics';
import { confirmedBookingIds, HELD_BOOKING_STATUSES, readBookingStories, storyUpTo, type BookingMoveEntry, type BookingStory } from '../bookings';

/**
 * A booking as a calendar sees it, read from the booking's story (its history, through bookings'
 * front door `readBookingStories`): an outbox event names the move it tells (`history_id`), and
 * the story up to that move is the booking's state then; the number of calendar changes so far is
 * the iTIP SEQUENCE. Nothing is re-parsed from an event's JSON.
 */
export interface BookingState {
  bookingId: string;
  /** The topic of the latest move people were told about (a state topic). */
  topic: string;
  status: string;
  start: Date;
  end: Date;
  creatorUserId: string;
  bookerUserId: string;
  creatorName: string;
  bookerName: string;
  /** Calendar changes (confirmed, moved, cancelled) up to this state, minus one: 0 for the first invite. */
  sequence: number;
  /** Whether the booking was confirmed before this state's move (so a calendar entry exists to cancel). */
  confirmedBefore: boolean;
}

/** Changes a calendar entry sees (each raises SEQUENCE). */
export const CALENDAR_CHANGE_TOPICS = ['booking.confirmed', 'booking.moved', 'booking.cancelled'] as const;

const isState = (m: BookingMoveEntry) => m.topic !== null && (BOOKING_STATE_TOPICS as readonly string[]).includes(m.topic);
const isChange = (m: BookingMoveEntry) => m.topic !== null && (CALENDAR_CHANGE_TOPICS as readonly string[]).includes(m.topic);

/** The booking's state after `moves` (a story's first moves), or null when none was told yet. */
function stateOf(story: BookingStory, moves: readonly BookingMoveEntry[]): BookingState | null {
  let at = moves.length - 1;
  while (at >= 0 && !isState(moves[at])) at--;
  if (at < 0) return null;
  const last = moves[at];
  return {
    bookingId: story.bookingId,
    topic: last.topic!,
    status: last.toStatus,
    start: last.startTime,
    end: last.endTime,
    creatorUserId: story.creatorUserId,
    bookerUserId: story.bookerUserId,
    creatorName: story.creatorName || 'Creator',
    bookerName: story.bookerName || 'Client',
    sequence: Math.max(0, moves.slice(0, at + 1).filter(isChange).length - 1),
    confirmedBefore: moves.slice(0, at).some((m) => m.topic === 'booking.confirmed'),
  };
}

/**
 * The booking's state as of one outbox event (an e-mail's invite reflects the event it is about):
 * the move the event names, or for an announcement (a reminder) the last move told before it.
 */
export async function bookingStateAt(em: EntityManager, eventId: string): Promise<BookingState | null> {
  const [row] = await em.execute<{ booking_id: string | null; history_id: string | null }[]>(
    `select e.booking_id, coalesce(e.history_id,
        (select x.history_id from outbox_event x where x.booking_id = e.booking_id and x.history_id is not null and x.seq <= e.seq order by x.seq desc limit 1)) as history_id
       from outbox_event e where e.id = ?`,
    [eventId],
  );
  if (!row?.booking_id) return null;
  const story = (await readBookingStories(em, [row.booking_id])).get(row.booking_id);
  if (!story) return null;
  const moves = row.history_id ? storyUpTo(story, row.history_id) : story.moves;
  return moves ? stateOf(story, moves) : null;
}

/** The booking's current state (its whole story). */
export async function currentBookingState(em: EntityManager, bookingId: string): Promise<BookingState | null> {
  const story = (await readBookingStories(em, [bookingId])).get(bookingId);
  return story ? stateOf(story, story.moves) : null;
}

/** The current states of bookings, in the order of `ids`, in one read. */
async function statesOf(em: EntityManager, ids: string[]): Promise<BookingState[]> {
  const stories = await readBookingStories(em, ids);
  return ids.flatMap((id) => {
    const story = stories.get(id);
    const state = story ? stateOf(story, story.moves) : null;
    return state ? [state] : [];
  });
}

/** How long a booking stays in the feed after it ended (a calendar keeps its history; Google drops nothing it was given). */
export const FEED_PAST_DAYS = 90;

/**
 * A user's bookings for their feed, in start order: every confirmed one still to come, and those
 * that took place (confirmed, completed or disputed) in the last `FEED_PAST_DAYS` days, so a
 * subscribed calendar keeps the sessions it showed instead of losing them once they end. At most
 * `limit`: every one still to come (or on now) is kept first, then the most recent that took place.
 */
export async function feedBookings(em: EntityManager, userId: string, now: Date, limit = 500): Promise<BookingState[]> {
  const since = new Date(now.getTime() - FEED_PAST_DAYS * 86_400_000);
  // Past the limit, the oldest sessions that took place are the ones left out: every one still to come is read first.
  const ids = await confirmedBookingIds(em, { partyUserId: userId, endsAfter: since, statuses: HELD_BOOKING_STATUSES, limit, nearestTo: now });
  return (await statesOf(em, ids)).sort((a, b) => a.start.getTime() - b.start.getTime() || a.bookingId.localeCompare(b.bookingId));
}

/** Confirmed bookings starting in (from, to]: candidates for reminders. */
export async function confirmedBookingsStartingBetween(em: EntityManager, from: Date, to: Date): Promise<BookingState[]> {
  return statesOf(em, await confirmedBookingIds(em, { startsAfter: from, startsBy: to }));
}
