import { describe, expect, it } from 'vitest';
import { bookerDisplayName, cancelLabel, isStreamerSide } from '../lib/booking-view';

describe('booking labels', () => {
  it("names the booker: their name, the e-mail before the @, else 'Unknown Client'; 'Client' without a booker", () => {
    expect(bookerDisplayName({ name: 'Acme Games', email: 'team@acme.test' })).toBe('Acme Games');
    expect(bookerDisplayName({ name: '  ', email: 'jane.doe@example.com' })).toBe('jane.doe');
    expect(bookerDisplayName({ name: null, email: '' })).toBe('Unknown Client');
    expect(bookerDisplayName(null)).toBe('Client');
  });

  it('reads "(fee applies)" only where the server says a fee applies; a request is withdrawn', () => {
    expect(cancelLabel({ status: 'CONFIRMED', cancelFeeApplies: true })).toBe('Cancel (fee applies)');
    expect(cancelLabel({ status: 'CONFIRMED', cancelFeeApplies: false })).toBe('Cancel');
    expect(cancelLabel({ status: 'PENDING', cancelFeeApplies: false })).toBe('Withdraw request');
  });

  it('is the streamer side when the booking is with your profile', () => {
    expect(isStreamerSide({ viewerRole: 'CREATOR', streamerId: 'x' })).toBe(true);
    expect(isStreamerSide({ viewerRole: 'BOOKER', streamerId: 'mine' }, 'mine')).toBe(false);
    expect(isStreamerSide({ viewerRole: null, streamerId: 'mine' }, 'mine')).toBe(true);
    expect(isStreamerSide({ viewerRole: null, streamerId: 'theirs' }, 'mine')).toBe(false);
  });
});
