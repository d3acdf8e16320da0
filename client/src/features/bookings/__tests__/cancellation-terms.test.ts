import { describe, expect, it } from 'vitest';
import { formatDeadline } from '../../../shared/lib/zoned-time';
import { cancellationPolicyLine } from '../lib/cancellation-terms';

describe('the cancellation policy line', () => {
  const terms = { freeUntil: '2026-11-24T11:00:00.000Z', lateKeptPercent: 50 };

  it('names the exact deadline in the viewer zone while it is ahead', () => {
    expect(formatDeadline(terms.freeUntil, 'Europe/Berlin')).toBe('Tue, Nov 24, 12:00 PM CET');
    expect(formatDeadline(terms.freeUntil, 'America/New_York')).toBe('Tue, Nov 24, 6:00 AM EST');
    expect(cancellationPolicyLine(terms, 'Europe/Berlin', new Date('2026-11-20T00:00:00Z'))).toBe(
      'Free cancellation until Tue, Nov 24, 12:00 PM CET; after that 50 % is kept.',
    );
  });

  it('once the deadline passed, only withdrawing an unanswered request is free', () => {
    expect(cancellationPolicyLine(terms, 'UTC', new Date('2026-11-24T11:00:01Z'))).toBe(
      'Free to withdraw until the creator accepts; after that 50 % is kept if you cancel.',
    );
  });
});
