import { describe, expect, it } from 'vitest';
import { bookerDisplayName, cancelLabel, isStreamerSide } from '../lib/booking-view';

describe('booking labels', () => {
  it("names the booker: their name, the e-mail before the @, else 'Unknown Client'; 'Client' without a booker", () => {
    expect(bookerDisplayName({ name: 'Acme Games', email: 'team@acme.test' })).toBe('Acme Games');
    expect(bookerDisplayName({ name: '  ', email: 'jane.doe@example.com' })).toBe('jane.doe');
    expect(bookerDisplayName({ name: null, email: '' })).toBe('Unknown Client');
    expect(bookerDisplayName(null)).toBe('Client');
  });

  it('reads "(fee applies)" under 24 hours before the start', () => {
    const now = new Date('2025-09-17T12:00:00Z');
    expect(cancelLabel('2025-09-18T11:00:00Z', now)).toBe('Cancel (fee applies)');
    expect(cancelLabel('2025-09-18T12:00:00Z', now)).toBe('Cancel');
    expect(cancelLabel('2025-09-20T12:00:00Z', now)).toBe('Cancel');
  });

  it('is the streamer side when the booking is with your profile', () => {
    expect(isStreamerSide({ viewerRole: 'CREATOR', streamerId: 'x' })).toBe(true);
    expect(isStreamerSide({ viewerRole: 'BOOKER', streamerId: 'mine' }, 'mine')).toBe(false);
    expect(isStreamerSide({ viewerRole: null, streamerId: 'mine' }, 'mine')).toBe(true);
    expect(isStreamerSide({ viewerRole: null, streamerId: 'theirs' }, 'mine')).toBe(false);
  });
});
