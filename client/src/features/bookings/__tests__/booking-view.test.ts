import { describe, expect, it } from 'vitest';
import { BOOKING_MESSAGES, bookerDisplayName, bookingHeading, cancelLabel, isCreatorSide } from '../lib/booking-view';

describe('booking labels', () => {
  it("names the booker: their name, else a neutral name, never the e-mail's local part; 'Client' without a booker", () => {
    expect(bookerDisplayName({ name: 'Acme Games', email: 'team@acme.test' })).toBe('Acme Games');
    expect(bookerDisplayName({ name: '  ', email: 'jane.doe@example.com' })).toBe('A CollabHub brand');
    expect(bookerDisplayName({ name: null, email: '' })).toBe('A CollabHub brand');
    expect(bookerDisplayName(null)).toBe('Client');
  });

  it('reads "(fee applies)" only where the server says a fee applies; a request is withdrawn', () => {
    expect(cancelLabel({ status: 'CONFIRMED', cancelFeeApplies: true })).toBe('Cancel (fee applies)');
    expect(cancelLabel({ status: 'CONFIRMED', cancelFeeApplies: false })).toBe('Cancel');
    expect(cancelLabel({ status: 'PENDING', cancelFeeApplies: false })).toBe('Withdraw request');
  });

  it('is the creator side when the booking is with your profile', () => {
    expect(isCreatorSide({ viewerRole: 'CREATOR', creatorId: 'x' })).toBe(true);
    expect(isCreatorSide({ viewerRole: 'BOOKER', creatorId: 'mine' }, 'mine')).toBe(false);
    expect(isCreatorSide({ viewerRole: null, creatorId: 'mine' }, 'mine')).toBe(true);
    expect(isCreatorSide({ viewerRole: null, creatorId: 'theirs' }, 'mine')).toBe(false);
  });

  it('titles a card by its state: a request while it waits, a collab once accepted (a confirmed booking is no "Booking Request")', () => {
    const parties = { booker: { name: 'Pixel Forge', email: 'x@y.test' }, creator: { displayName: 'Luna Plays' } } as Parameters<typeof bookingHeading>[0];
    const title = (status: string, creatorSide: boolean) => {
      const h = bookingHeading({ ...parties, status } as Parameters<typeof bookingHeading>[0], creatorSide);
      return `${h.title} ${h.preposition} ${h.counterpart}`;
    };
    expect(title('PENDING', true)).toBe('Booking Request from Pixel Forge');
    expect(title('PENDING', false)).toBe('Booking Request to Luna Plays');
    for (const status of ['CONFIRMED', 'COMPLETED', 'AUTO_COMPLETED', 'DISPUTED', 'CANCELLED']) {
      expect(title(status, true)).toBe('Collab with Pixel Forge');
      expect(title(status, false)).toBe('Collab with Luna Plays');
    }
  });

  it('tells a brand it books (no requests come to a brand); a creator both receives requests and books', () => {
    expect(BOOKING_MESSAGES.panelDescription('BRAND')).toBe('The collabs you booked, from request to review.');
    expect(BOOKING_MESSAGES.panelDescription('CREATOR')).toBe('Requests you received and collabs you booked.');
  });
});
