import { describe, expect, it } from 'vitest';
import { bookerDisplayName, cancelLabel, isCreatorSide } from '../lib/booking-view';

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
});
