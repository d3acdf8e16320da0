import { describe, expect, it } from 'vitest';
import { dayKey, dayOf, dayStart, parseDayKey, slotsByGridHour } from '../lib/local-dates';

const slot = (id: string, startTime: string) => ({ id, startTime });

describe("the creator page's calendar lays hours in the viewer's zone, whatever the browser's", () => {
  // 05:00 and 16:30 UTC on 1 May 2030.
  const early = slot('early', '2030-05-01T05:00:00.000Z');
  const afternoon = slot('afternoon', '2030-05-01T16:30:00.000Z');
  const may1 = parseDayKey('2030-05-01')!;

  it('puts each slot on the hour of the viewer zone clock', () => {
    // Kolkata is UTC+5:30: 10:30 and 22:00 on 1 May.
    expect([...slotsByGridHour([early, afternoon], may1, 'Asia/Kolkata')]).toEqual([
      [10, early],
      [22, afternoon],
    ]);
    // New York is UTC-4 in May: 01:00 (before the grid's 06:00) and 12:30.
    expect([...slotsByGridHour([early, afternoon], may1, 'America/New_York')]).toEqual([[12, afternoon]]);
  });

  it("finds an instant's day, and a day's first instant, in the zone", () => {
    expect(dayKey(dayOf('2030-05-01T20:00:00.000Z', 'Asia/Tokyo'))).toBe('2030-05-02');
    expect(dayKey(dayOf('2030-05-01T20:00:00.000Z', 'America/Los_Angeles'))).toBe('2030-05-01');
    expect(dayStart(may1, 'Europe/Berlin').toISOString()).toBe('2030-04-30T22:00:00.000Z');
    expect(dayStart(may1, 'UTC').toISOString()).toBe('2030-05-01T00:00:00.000Z');
  });
});
