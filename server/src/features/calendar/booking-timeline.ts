import { BOOKING_STATE_TOPICS as OUTBOX_BOOKING_STATE_TOPICS, type BookingEventPayload } from '../../platform/outbox/outbox.topics';
import type { EntityManager } from '@mikro-orm/postgresql';

/**
 * A booking as the outbox tells it (docs/architecture.md, "An event": features hear about bookings through events,
 * never by reading the bookings tables). Every booking move publishes the booking's state after
 * the move (features/bookings/booking-events.ts), so the latest state event of a booking is its
 * current state, and the number of calendar changes so far is the iTIP SEQUENCE.
 */
export interface BookingState {
  bookingId: string;
  /** The topic of the latest state event. */
  topic: string;
  status: string;
  start: Date;
  end: Date;
  creatorUserId: string;
  bookerUserId: string;
  creatorName: string;
  bookerName: string;
  /** The state event's payload (state topics carry a booking's state). */
  payload: BookingEventPayload;
  /** Calendar changes (confirmed, moved, cancelled) up to this state, minus one: 0 for the first invite. */
  sequence: number;
}

/** Topics that carry a booking's state after a move (not announcements such as reminders). */
export const BOOKING_STATE_TOPICS = OUTBOX_BOOKING_STATE_TOPICS;
/** Changes a calendar entry sees (each raises SEQUENCE). */
export const CALENDAR_CHANGE_TOPICS = ['booking.confirmed', 'booking.moved', 'booking.cancelled'] as const;

const list = (xs: readonly string[]) => xs.map((x) => `'${x}'`).join(', ');
const STATE_IN = list(BOOKING_STATE_TOPICS);
const CHANGE_IN = list(CALENDAR_CHANGE_TOPICS);

interface Row {
  booking_id: string;
  topic: string;
  payload: BookingEventPayload;
  changes: string | number;
}

const str = (v: unknown) => (typeof v === 'string' ? v : '');

function toState(r: Row): BookingState {
  const p = r.payload;
  return {
    bookingId: r.booking_id,
    topic: r.topic,
    status: str(p.status),
    start: new Date(str(p.startTime)),
    end: new Date(str(p.endTime)),
    creatorUserId: str(p.creatorUserId),
    bookerUserId: str(p.bookerUserId),
    creatorName: str(p.creatorName) || 'Creator',
    bookerName: str(p.bookerName) || 'Client',
    payload: p,
    sequence: Math.max(0, Number(r.changes) - 1),
  };
}

const SELECT = () => `select e.booking_id, e.topic, e.payload,
    (select count(*) from outbox_event c where c.booking_id = e.booking_id and c.topic in (${CHANGE_IN}) and c.seq <= e.seq) as changes
  from outbox_event e`;

/** The booking's state as of one event (an e-mail's invite reflects the event it is about). */
export async function bookingStateAt(em: EntityManager, eventId: string): Promise<BookingState | null> {
  const rows = await em.execute<Row[]>(
    `${SELECT()} where e.booking_id = (select booking_id from outbox_event where id = ?)
       and e.topic in (${STATE_IN}) and e.seq <= (select seq from outbox_event where id = ?)
     order by e.seq desc limit 1`,
    [eventId, eventId],
  );
  return rows[0] ? toState(rows[0]) : null;
}

/** The booking's current state (its latest state event). */
export async function currentBookingState(em: EntityManager, bookingId: string): Promise<BookingState | null> {
  const rows = await em.execute<Row[]>(`${SELECT()} where e.booking_id = ? and e.topic in (${STATE_IN}) order by e.seq desc limit 1`, [bookingId]);
  return rows[0] ? toState(rows[0]) : null;
}

/** Whether the booking was ever confirmed before this event (so a calendar entry exists to cancel). */
export async function wasConfirmedBefore(em: EntityManager, eventId: string): Promise<boolean> {
  const [row] = await em.execute<{ n: string }[]>(
    `select count(*) as n from outbox_event c, outbox_event e
      where e.id = ? and c.booking_id = e.booking_id and c.topic = 'booking.confirmed' and c.seq < e.seq`,
    [eventId],
  );
  return Number(row?.n ?? 0) > 0;
}

/** A user's confirmed bookings that have not ended by `now`, in start order. */
export async function upcomingConfirmedBookings(em: EntityManager, userId: string, now: Date, limit = 500): Promise<BookingState[]> {
  const rows = await em.execute<Row[]>(
    `select * from (
       select distinct on (e.booking_id) e.booking_id, e.topic, e.payload, e.seq,
         (select count(*) from outbox_event c where c.booking_id = e.booking_id and c.topic in (${CHANGE_IN}) and c.seq <= e.seq) as changes
       from outbox_event e
       where e.booking_id is not null and e.audience_user_ids @> array[?]::uuid[] and e.topic in (${STATE_IN})
       order by e.booking_id, e.seq desc
     ) latest
     where latest.payload->>'status' = 'confirmed' and (latest.payload->>'endTime')::timestamptz > ?
     order by (latest.payload->>'startTime')::timestamptz limit ${Math.max(1, Math.floor(limit))}`,
    [userId, now],
  );
  return rows.map(toState);
}

/** Confirmed bookings starting in (from, to]: candidates for reminders. */
export async function confirmedBookingsStartingBetween(em: EntityManager, from: Date, to: Date): Promise<BookingState[]> {
  const rows = await em.execute<Row[]>(
    `select * from (
       select distinct on (e.booking_id) e.booking_id, e.topic, e.payload, e.seq,
         (select count(*) from outbox_event c where c.booking_id = e.booking_id and c.topic in (${CHANGE_IN}) and c.seq <= e.seq) as changes
       from outbox_event e
       where e.booking_id in (
           select booking_id from outbox_event where topic in ('booking.confirmed', 'booking.moved')
              and (payload->>'startTime')::timestamptz > ? and (payload->>'startTime')::timestamptz <= ?)
         and e.topic in (${STATE_IN})
       order by e.booking_id, e.seq desc
     ) latest
     where latest.payload->>'status' = 'confirmed'
       and (latest.payload->>'startTime')::timestamptz > ? and (latest.payload->>'startTime')::timestamptz <= ?`,
    [from, to, from, to],
  );
  return rows.map(toState);
}
