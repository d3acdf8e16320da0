import { describe, expect, it } from 'vitest';
import { addDays, dayKeyOf, dayOfWeek, hourOf, weekStartOf, zonedInstant } from '../zoned-time';

describe('zone arithmetic', () => {
  it('reads the wall clock of an instant in a named zone', () => {
    const instant = '2025-07-01T22:30:00Z';
    expect(dayKeyOf(instant, 'Europe/Berlin')).toBe('2025-07-02');
    expect(hourOf(instant, 'Europe/Berlin')).toBe(0);
    expect(dayKeyOf(instant, 'America/New_York')).toBe('2025-07-01');
    expect(hourOf(instant, 'America/New_York')).toBe(18);
  });

  it('finds the instant of a wall-clock time, across daylight-saving changes', () => {
    expect(zonedInstant('2025-07-01', '09:00', 'Europe/Berlin').toISOString()).toBe('2025-07-01T07:00:00.000Z');
    expect(zonedInstant('2025-01-15', '09:00', 'Europe/Berlin').toISOString()).toBe('2025-01-15T08:00:00.000Z');
    // 02:30 does not exist on the spring-forward night: it moves forward by the gap.
    expect(zonedInstant('2025-03-30', '02:30', 'Europe/Berlin').toISOString()).toBe('2025-03-30T01:30:00.000Z');
    // "24:00" is the next midnight, also on a 23-hour day.
    expect(zonedInstant('2025-03-30', '24:00', 'Europe/Berlin').toISOString()).toBe('2025-03-30T22:00:00.000Z');
    expect(zonedInstant('2025-11-02', '00:00', 'America/New_York').toISOString()).toBe('2025-11-02T04:00:00.000Z');
  });

  it('counts calendar days and weeks (starting on Sunday)', () => {
    expect(addDays('2025-02-27', 2)).toBe('2025-03-01');
    expect(addDays('2025-03-01', -1)).toBe('2025-02-28');
    expect(dayOfWeek('2025-09-14')).toBe(0);
    expect(dayOfWeek('2025-09-20')).toBe(6);
    expect(weekStartOf('2025-09-17')).toBe('2025-09-14');
  });
});
