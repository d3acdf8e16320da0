import type { OutboxTopic } from '../../../platform/outbox/outbox.topics';
import { describe, expect, it } from 'vitest';
import { productLinks } from '../../../platform/shared/product-links';
import { bookingEmailContent, formatBookingTime, zoneLabel } from '../email-content';

const winter = new Date('2026-12-01T10:00:00Z');
const summer = new Date('2026-07-01T10:00:00Z');

describe("the recipient's zone in e-mails", () => {
  it('is named by its usual abbreviation, not a bare offset', () => {
    expect(zoneLabel('Europe/Berlin', winter)).toBe('Europe/Berlin (CET)');
    expect(zoneLabel('Europe/Berlin', summer)).toBe('Europe/Berlin (CEST)');
    expect(zoneLabel('America/New_York', winter)).toBe('America/New_York (EST)');
    expect(zoneLabel('Europe/London', summer)).toBe('Europe/London (BST)');
    expect(zoneLabel('Europe/London', winter)).toBe('Europe/London (GMT)');
  });

  it('falls back to the offset where no abbreviation is in common use, and to the name alone for UTC', () => {
    expect(zoneLabel('Asia/Tokyo', winter)).toBe('Asia/Tokyo (GMT+9)');
    expect(zoneLabel('UTC', winter)).toBe('UTC');
  });

  it("a booking's hours read in the recipient's zone with the zone named", () => {
    expect(formatBookingTime('2026-12-01T09:00:00Z', '2026-12-01T11:00:00Z', 'Europe/Berlin')).toBe('Tue 1 Dec 2026, 10:00–12:00 Europe/Berlin (CET)');
  });
});

describe("the acting party's copy of a calendar change is worded for them", () => {
  const links = productLinks('https://collabhub.example');
  const payload = {
    bookingId: 'b1',
    creatorUserId: 'creator-1',
    bookerUserId: 'booker-1',
    creatorName: 'Nova Stream',
    bookerName: 'Nimbus Games',
    startTime: '2026-12-01T09:00:00Z',
    endTime: '2026-12-01T10:00:00Z',
  };
  // The booking's money as the ledger holds it when the e-mail is rendered (never in the event).
  const refunded = { figures: { priceCents: 5000, chargedCents: 5000, refundedCents: 5000, paidCents: 0, feeCents: 0, creatorCents: 0, paidOutCents: 0, decided: true } };
  const note = (type: OutboxTopic, extra: Record<string, unknown> = {}) => ({ id: 'n1', type, bookingId: 'b1', conversationId: null, payload: { ...payload, ...extra }, createdAt: winter, actorCopy: true });
  const creatorSide = { userId: 'creator-1', email: 'nova@example.com', name: 'Nova Stream', timeZone: 'Europe/Berlin' };
  const bookerSide = { userId: 'booker-1', email: 'nimbus@example.com', name: 'Nimbus Games', timeZone: 'Europe/Berlin' };

  it('the creator who accepts, the booker who agrees to new hours, the booker who cancels with a refund', () => {
    const accepted = bookingEmailContent(note('booking.confirmed'), creatorSide, links);
    expect(accepted.content.heading).toBe("You accepted Nimbus Games's request");
    expect(accepted.content.paragraphs[0]).toBe("You accepted Nimbus Games's request — it is in your calendar.");
    const moved = bookingEmailContent(note('booking.moved'), bookerSide, links);
    expect(moved.content.paragraphs[0]).toBe('You confirmed the new hours of your booking with Nova Stream — your calendar entry moves with it.');
    const cancelled = bookingEmailContent(note('booking.cancelled', { reason: 'Sick', cancelledBy: 'booker' }), bookerSide, links, 'CANCEL', refunded);
    expect(cancelled.subject).toBe('You cancelled your booking with Nova Stream');
    expect(cancelled.content.paragraphs).toEqual([
      'You cancelled your booking with Nova Stream.',
      '$50.00 is refunded to your card in full.',
      'Reason you gave: "Sick"',
      'The attached update removes it from your calendar.',
    ]);
    // An attachment is mentioned only when the e-mail carries one (a request cancelled before it was accepted has none).
    expect(bookingEmailContent(note('booking.cancelled'), bookerSide, links, null, refunded).content.paragraphs.join(' ')).not.toMatch(/attached/);
    // The other party's copy keeps its wording.
    expect(bookingEmailContent({ ...note('booking.confirmed'), actorCopy: false }, bookerSide, links).content.heading).toBe('Nova Stream accepted your booking');
    // A creator who did not accept (the brand took the time they proposed: a system accept) is never told they were accepted.
    const systemAccept = bookingEmailContent({ ...note('booking.confirmed'), actorCopy: false }, creatorSide, links);
    expect(systemAccept.content.heading).toBe('Nimbus Games accepted your proposed time');
    expect(systemAccept.content.paragraphs[0]).toBe('Your collaboration with Nimbus Games is confirmed at the hours you proposed.');
  });
});
