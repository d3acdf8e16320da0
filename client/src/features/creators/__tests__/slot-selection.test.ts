import { describe, expect, it } from 'vitest';
import {
  bookingTotalCents,
  offeredDurations,
  SELECTION_MESSAGES,
  selectionRange,
  selectRun,
  stillValidSelection,
  toggleSlot,
  type SelectableSlot,
} from '../lib/slot-selection';

const NOW = new Date('2030-05-01T08:30:00Z');

/** A one-hour slot starting at `hour`:00 UTC on 2030-05-01. */
function slot(hour: number, { booked = false, id = `h${hour}` } = {}): SelectableSlot {
  const pad = (n: number) => String(n).padStart(2, '0');
  return {
    id,
    startTime: `2030-05-01T${pad(hour)}:00:00.000Z`,
    endTime: `2030-05-01T${pad(hour + 1)}:00:00.000Z`,
    isBooked: booked,
  };
}

describe('slot selection: consecutive hours only', () => {
  const day = [slot(8), slot(9), slot(10), slot(11), slot(13), slot(14)];

  it('selects a first free hour, then adds the hour after or before it', () => {
    const first = toggleSlot([], 'h10', day, NOW);
    expect(first).toEqual({ ok: true, selection: ['h10'] });
    const after = toggleSlot(['h10'], 'h11', day, NOW);
    expect(after).toEqual({ ok: true, selection: ['h10', 'h11'] });
    const before = toggleSlot(['h10', 'h11'], 'h9', day, NOW);
    expect(before).toEqual({ ok: true, selection: ['h9', 'h10', 'h11'] });
  });

  it('refuses an hour that leaves a gap with "Please select consecutive hours only"', () => {
    const change = toggleSlot(['h10', 'h11'], 'h13', day, NOW);
    expect(change).toMatchObject({ ok: false, reason: 'consecutive', message: 'Please select consecutive hours only' });
  });

  it('deselects an hour at either end, but not one in the middle', () => {
    expect(toggleSlot(['h9', 'h10', 'h11'], 'h9', day, NOW)).toEqual({ ok: true, selection: ['h10', 'h11'] });
    expect(toggleSlot(['h9', 'h10', 'h11'], 'h11', day, NOW)).toEqual({ ok: true, selection: ['h9', 'h10'] });
    expect(toggleSlot(['h9', 'h10', 'h11'], 'h10', day, NOW)).toMatchObject({
      ok: false,
      message: SELECTION_MESSAGES.consecutive,
    });
  });

  it('refuses past slots (start at or before now) and booked slots', () => {
    expect(toggleSlot([], 'h8', day, NOW)).toMatchObject({ ok: false, reason: 'unavailable' });
    const atNow = [slot(8), slot(9)];
    expect(toggleSlot([], 'h9', atNow, new Date('2030-05-01T09:00:00Z'))).toMatchObject({ ok: false });
    expect(toggleSlot([], 'b', [slot(12, { booked: true, id: 'b' })], NOW)).toMatchObject({ ok: false });
  });

  it('stops at 8 hours', () => {
    const long = Array.from({ length: 9 }, (_, i) => slot(10 + i));
    const eight = long.slice(0, 8).map((s) => s.id);
    expect(toggleSlot(eight, 'h18', long, NOW)).toMatchObject({ ok: false, reason: 'max-hours' });
  });

  it('drops a selection whose hour was just taken by someone else', () => {
    expect(stillValidSelection(['h10', 'h11'], day, NOW)).toBe(true);
    const taken = day.map((s) => (s.id === 'h11' ? { ...s, isBooked: true } : s));
    expect(stillValidSelection(['h10', 'h11'], taken, NOW)).toBe(false);
    expect(
      stillValidSelection(
        ['h10'],
        day.filter((s) => s.id !== 'h10'),
        NOW,
      ),
    ).toBe(false);
  });
});

describe('slot selection: durations offered', () => {
  it('offers an extra hour only while the next hour, starting at the previous end, is free', () => {
    const day = [slot(9), slot(10), slot(11, { booked: true }), slot(12)];
    expect(offeredDurations(day, 'h9', NOW)).toEqual([1, 2]);
    expect(offeredDurations(day, 'h12', NOW)).toEqual([1]);
  });

  it('a gap between slots ends the run even when a later slot is free', () => {
    const day = [slot(9), slot(11), slot(12)];
    expect(offeredDurations(day, 'h9', NOW)).toEqual([1]);
    expect(offeredDurations(day, 'h11', NOW)).toEqual([1, 2]);
  });

  it('offers at most 8 hours', () => {
    const day = Array.from({ length: 12 }, (_, i) => slot(9 + i));
    expect(offeredDurations(day, 'h9', NOW)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
  });

  it('offers nothing from a booked or past start', () => {
    expect(offeredDurations([slot(8), slot(9)], 'h8', NOW)).toEqual([]);
    expect(offeredDurations([slot(9, { booked: true })], 'h9', NOW)).toEqual([]);
  });

  it('exactly one hour offered is the case of the "Only 1 hour available" note', () => {
    expect(SELECTION_MESSAGES.onlyOneHour).toBe('Only 1 hour available - no consecutive slots found');
    expect(offeredDurations([slot(9), slot(10, { booked: true })], 'h9', NOW)).toHaveLength(1);
  });

  it('a chosen duration selects that many hours from the start, or nothing when too few are free', () => {
    const day = [slot(9), slot(10), slot(11), slot(12, { booked: true })];
    expect(selectRun(day, 'h9', 3, NOW)).toEqual(['h9', 'h10', 'h11']);
    expect(selectRun(day, 'h10', 3, NOW)).toBeNull();
    expect(selectRun(day, 'h9', 9, NOW)).toBeNull();
  });
});

describe('slot selection: range and price', () => {
  it('summarises start, end, hours and the first slot', () => {
    const day = [slot(9), slot(10), slot(11)];
    expect(selectionRange(['h11', 'h10'], day)).toEqual({
      startTime: '2030-05-01T10:00:00.000Z',
      endTime: '2030-05-01T12:00:00.000Z',
      hours: 2,
      firstSlotId: 'h10',
    });
    expect(selectionRange([], day)).toBeNull();
  });

  it('prices a booking at hourly rate × hours', () => {
    expect(bookingTotalCents(5000, 3)).toBe(15000);
    expect(bookingTotalCents(2550, 2)).toBe(5100);
  });
});
