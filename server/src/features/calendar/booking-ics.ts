import ical, { ICalCalendarMethod, ICalEventStatus, ICalEventTransparency, ICalAttendeeRole, ICalAttendeeStatus, type ICalCalendar } from 'ical-generator';

const PROD_ID = { company: 'CollabHub', product: 'Bookings', language: 'EN' };

/** One booking as a calendar entry, seen by one of its parties. */
export interface CalendarBooking {
  bookingId: string;
  start: Date;
  end: Date;
  /** Raised on every change of the booking's time or state (iTIP SEQUENCE). */
  sequence: number;
  /** The other party's name, from the reader's side ("Collab with …"). */
  withName: string;
  creatorName: string;
  bookerName: string;
  /** The booking's page. */
  url: string;
  /** Both parties, when known (invites name them as attendees). */
  attendees?: { name: string; email: string }[];
}

/** A booking's calendar UID: the same for its whole life, so updates and cancellations find it. */
export const bookingUid = (bookingId: string) => `booking-${bookingId}@collabhub`;

function addBooking(cal: ICalCalendar, b: CalendarBooking, opts: { cancelled: boolean; organizer?: { name: string; email: string }; stamp: Date }) {
  cal.createEvent({
    id: bookingUid(b.bookingId),
    sequence: b.sequence,
    stamp: opts.stamp,
    start: b.start,
    end: b.end,
    summary: `Collab with ${b.withName}`,
    description: `CollabHub booking: ${b.creatorName} with ${b.bookerName}.\n${b.url}`,
    url: b.url,
    status: opts.cancelled ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
    transparency: ICalEventTransparency.OPAQUE,
    organizer: opts.organizer ?? null,
    attendees: (b.attendees ?? []).map((a) => ({
      name: a.name,
      email: a.email,
      role: ICalAttendeeRole.REQ,
      status: opts.cancelled ? ICalAttendeeStatus.DECLINED : ICalAttendeeStatus.ACCEPTED,
    })),
  });
}

/**
 * The iTIP message an e-mail carries for a booking (RFC 5546): REQUEST adds or updates the entry
 * (same UID, higher SEQUENCE), CANCEL removes it.
 */
export function bookingInvite(b: CalendarBooking, method: 'REQUEST' | 'CANCEL', organizer: { name: string; email: string }, stamp: Date): string {
  const cal = ical({ prodId: PROD_ID, method: method === 'REQUEST' ? ICalCalendarMethod.REQUEST : ICalCalendarMethod.CANCEL });
  addBooking(cal, b, { cancelled: method === 'CANCEL', organizer, stamp });
  return cal.toString();
}

/** A free hour block of a creator, shown as tentative (TRANSP:TRANSPARENT) in their own feed. */
export interface FreeBlock {
  start: Date;
  end: Date;
}

/**
 * A user's private calendar feed (subscribed by URL): their upcoming confirmed bookings, and for
 * creators who asked for it their free hours as tentative blocks. PUBLISH, no attendees.
 */
export function calendarFeed(opts: { name: string; bookings: CalendarBooking[]; freeBlocks: FreeBlock[]; stamp: Date; freeUrl: string }): string {
  const cal = ical({ prodId: PROD_ID, method: ICalCalendarMethod.PUBLISH, name: opts.name, ttl: 15 * 60 });
  for (const b of opts.bookings) addBooking(cal, { ...b, attendees: [] }, { cancelled: false, stamp: opts.stamp });
  for (const f of opts.freeBlocks) {
    cal.createEvent({
      id: `free-${f.start.toISOString()}@collabhub`,
      stamp: opts.stamp,
      start: f.start,
      end: f.end,
      summary: 'Free for bookings',
      description: `Open hours on your CollabHub calendar.\n${opts.freeUrl}`,
      status: ICalEventStatus.TENTATIVE,
      transparency: ICalEventTransparency.TRANSPARENT,
    });
  }
  return cal.toString();
}

/** Joins back-to-back free hours into blocks (a creator's 1-hour slots). */
export function mergeFreeHours(hours: { start: Date; end: Date }[]): FreeBlock[] {
  const sorted = [...hours].sort((a, b) => a.start.getTime() - b.start.getTime());
  const blocks: FreeBlock[] = [];
  for (const h of sorted) {
    const last = blocks[blocks.length - 1];
    if (last && last.end.getTime() >= h.start.getTime()) {
      if (h.end > last.end) last.end = h.end;
    } else blocks.push({ start: h.start, end: h.end });
  }
  return blocks;
}
