import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { bookingInvite, calendarParamText } from '../booking-ics';

/** Display names are typed by anyone: in an invite they are text, never iCalendar syntax. */
const HOSTILE = 'Eve";ROLE=CHAIR;RSVP=TRUE:mailto:x@y\r\nATTENDEE;CN=Mallory:mailto:mallory@evil.test\nX-INJECTED:1';

function invite(names: { creator: string; booker: string; recipient: string }) {
  const text = bookingInvite(
    {
      bookingId: '00000000-0000-4000-8000-000000000001',
      start: new Date('2026-12-01T10:00:00Z'),
      end: new Date('2026-12-01T11:00:00Z'),
      sequence: 0,
      withName: names.creator,
      creatorName: names.creator,
      bookerName: names.booker,
      url: 'http://localhost:4000/dashboard',
      recipient: { name: names.recipient, email: 'reader@example.test' },
    },
    'REQUEST',
    { name: 'CollabHub', email: 'no-reply@collabhub.localhost' },
    new Date('2026-11-26T00:00:00Z'),
  );
  const event = new ICAL.Component(ICAL.parse(text)).getFirstSubcomponent('vevent')!;
  return { text, event };
}

describe('names in calendar invites', () => {
  it('a display name with ;ROLE=CHAIR, :mailto:, quotes and line breaks adds no attendee, parameter or property', () => {
    const { text, event } = invite({ creator: HOSTILE, booker: HOSTILE, recipient: HOSTILE });
    const attendees = event.getAllProperties('attendee');
    expect(attendees).toHaveLength(1);
    expect(String(attendees[0].getFirstValue()).toLowerCase()).toBe('mailto:reader@example.test');
    expect(attendees[0].getParameter('role')).toBe('REQ-PARTICIPANT');
    expect(attendees[0].getParameter('cn')).toBe(calendarParamText(HOSTILE));
    expect(attendees[0].getParameter('rsvp')).toBeUndefined();
    expect(String(event.getFirstProperty('organizer')!.getFirstValue()).toLowerCase()).toBe('mailto:no-reply@collabhub.localhost');
    expect(event.getFirstPropertyValue('x-injected')).toBeNull();
    expect(text).not.toMatch(/^X-INJECTED/m);
    // Only the parameters the invite sets; the hostile text stays inside the quoted CN value.
    expect(Object.keys(attendees[0].toJSON()[1]).sort()).toEqual(['cn', 'partstat', 'role']);
    expect(text.split('\r\n').filter((line) => /^ATTENDEE/i.test(line))).toHaveLength(1);
    // In text values the name reads as it was typed (line breaks flattened), escaped by the library.
    expect(String(event.getFirstPropertyValue('summary'))).toBe(`Collab with ${HOSTILE.replace(/[\r\n]+/g, ' ')}`);
  });

  it('calendarParamText keeps ordinary names and neutralises what ends a parameter', () => {
    expect(calendarParamText('Nova Stream')).toBe('Nova Stream');
    expect(calendarParamText('Zoë; Café: "Live"')).toBe("Zoë; Café: 'Live'");
    expect(calendarParamText('a\r\nb\tc')).toBe('a b c');
    expect(calendarParamText('\n\n')).toBe('CollabHub');
  });
});
