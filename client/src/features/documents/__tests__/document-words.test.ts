import { describe, expect, it } from 'vitest';
import { documentAmount, formatIssued } from '../lib/download';

describe("a document's line on the booking card", () => {
  it('says what its total means', () => {
    expect(documentAmount('INVOICE', 7500)).toBe('$75.00 paid');
    expect(documentAmount('RECEIPT', 7500)).toBe('$75.00 paid');
    expect(documentAmount('CREDIT_NOTE', 3750)).toBe('$37.50 credited');
    expect(documentAmount('PAYOUT_STATEMENT', 3375)).toBe('$33.75 paid out');
  });

  it('dates it without the month/day ambiguity of 6/9/2031, on the viewer’s calendar', () => {
    expect(formatIssued('2031-06-09T09:00:00.000Z', 'Europe/Berlin')).toBe('Jun 9, 2031');
    // 23:30 UTC on 9 June is already 10 June in Berlin.
    expect(formatIssued('2031-06-09T23:30:00.000Z', 'Europe/Berlin')).toBe('Jun 10, 2031');
  });
});
