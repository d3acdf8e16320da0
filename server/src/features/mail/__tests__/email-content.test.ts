import { describe, expect, it } from 'vitest';
import { formatBookingTime, zoneLabel } from '../email-content';

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
