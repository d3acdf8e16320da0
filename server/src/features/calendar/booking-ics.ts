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
  /**
   * Invites only: the reader, the one attendee. The other party is named (summary, description)
   * but their address never appears: people's addresses stay private to the platform.
   */
  recipient?: { name: string; email: string };
}

/**
 * A name as an iCalendar parameter value (ATTENDEE/ORGANIZER CN): the library quotes it, so `;` and
 * `:` stay inside the value, but a double quote would end the quoting and a line break would end the
 * property (RFC 5545 3.1: a parameter value cannot carry either). Both become harmless, control
 * characters go, and the length is bounded.
 */
export function calendarParamText(name: string): string {
  return (
    name
      .replace(/[\u0000-\u001f\u007f]+/g, ' ')
      .replace(/"/g, "'")
      .replace(/\s+/g, ' ')
      .trim()
      .slice(0, 100) || 'CollabHub'
  );
}

/** A name in a text value (SUMMARY, DESCRIPTION): the library escapes `;`, `,`, `\` and line breaks; control characters go. */
const calendarText = (name: string) => name.replace(/[\r\n]+/g, ' ').replace(/[\u0000-\u001f\u007f]+/g, ' ').trim();

/** A booking's calendar UID: the same for its whole life, so updates and cancellations find it. */
export const bookingUid = (bookingId: string) => `booking-${bookingId}@collabhub`;

function addBooking(cal: ICalCalendar, b: CalendarBooking, opts: { cancelled: boolean; organizer?: { name: string; email: string }; stamp: Date }) {
  cal.createEvent({
    id: bookingUid(b.bookingId),
    sequence: b.sequence,
    stamp: opts.stamp,
    start: b.start,
    end: b.end,
    summary: `Collab with ${calendarText(b.withName)}`,
    description: `CollabHub booking: ${calendarText(b.creatorName)} with ${calendarText(b.bookerName)}.\n${b.url}`,
    url: b.url,
    status: opts.cancelled ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
    transparency: ICalEventTransparency.OPAQUE,
    organizer: opts.organizer ? { name: calendarParamText(opts.organizer.name), email: opts.organizer.email } : null,
    attendees: b.recipient
      ? [
          {
            name: calendarParamText(b.recipient.name),
            email: b.recipient.email,
            role: ICalAttendeeRole.REQ,
            status: opts.cancelled ? ICalAttendeeStatus.DECLINED : ICalAttendeeStatus.ACCEPTED,
          },
        ]
      : [],
  });
}

/**
 * The iTIP message an e-mail carries for a booking (RFC 5546): REQUEST adds or updates the entry
 * (same UID, higher SEQUENCE), CANCEL removes it. The platform organises (`organizer`: the sender of
 * the e-mail) and the reader is the only attendee: neither party learns the other's address.
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
  for (const b of opts.bookings) addBooking(cal, { ...b, recipient: undefined }, { cancelled: false, stamp: opts.stamp });
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
