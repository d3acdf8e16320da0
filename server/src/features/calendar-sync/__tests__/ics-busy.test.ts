import fc from 'fast-check';
import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import { mergeRanges } from '../../availability';
import { busyFromICalendar } from '../ics-busy';
import { vcalendar, vevent } from './ics-fixtures';

const window = (from: string, to: string) => ({ from: new Date(from), to: new Date(to) });
const iso = (r: { start: Date; end: Date }) => [r.start.toISOString(), r.end.toISOString()];

describe('busy times from iCalendar (ical.js)', () => {
  it('a weekly series keeps its local time across a DST change (Europe/Berlin, 29 March 2026)', () => {
    const text = vcalendar(vevent({ uid: 'w', start: 'TZID=Europe/Berlin:20260317T180000', end: 'TZID=Europe/Berlin:20260317T200000', extra: ['RRULE:FREQ=WEEKLY;COUNT=4'] }));
    const { busy } = busyFromICalendar([text], window('2026-03-01T00:00:00Z', '2026-05-01T00:00:00Z'), 'UTC');
    expect(busy.map(iso)).toEqual([
      ['2026-03-17T17:00:00.000Z', '2026-03-17T19:00:00.000Z'], // CET, UTC+1
      ['2026-03-24T17:00:00.000Z', '2026-03-24T19:00:00.000Z'],
      ['2026-03-31T16:00:00.000Z', '2026-03-31T18:00:00.000Z'], // CEST, UTC+2: still 18:00 in Berlin
      ['2026-04-07T16:00:00.000Z', '2026-04-07T18:00:00.000Z'],
    ]);
  });

  it("a zone the feed defines in its own VTIMEZONE (Outlook's names) is read from it", () => {
    const vtimezone = [
      'BEGIN:VTIMEZONE', 'TZID:W. Europe Standard Time',
      'BEGIN:STANDARD', 'DTSTART:16010101T030000', 'TZOFFSETFROM:+0200', 'TZOFFSETTO:+0100', 'RRULE:FREQ=YEARLY;BYDAY=-1SU;BYMONTH=10', 'END:STANDARD',
      'BEGIN:DAYLIGHT', 'DTSTART:16010101T020000', 'TZOFFSETFROM:+0100', 'TZOFFSETTO:+0200', 'RRULE:FREQ=YEARLY;BYDAY=-1SU;BYMONTH=3', 'END:DAYLIGHT',
      'END:VTIMEZONE',
    ].join('\r\n');
    const text = vcalendar(vtimezone, vevent({ uid: 'o', start: 'TZID=W. Europe Standard Time:20260701T090000', end: 'TZID=W. Europe Standard Time:20260701T100000' }));
    expect(busyFromICalendar([text], window('2026-06-01T00:00:00Z', '2026-08-01T00:00:00Z'), 'UTC').busy.map(iso)).toEqual([
      ['2026-07-01T07:00:00.000Z', '2026-07-01T08:00:00.000Z'],
    ]);
  });

  it("an all-day event blocks the whole day in the creator's zone; a multi-day one every day of it", () => {
    const text = vcalendar(
      vevent({ uid: 'a', start: 'VALUE=DATE:20260610', end: 'VALUE=DATE:20260611' }),
      vevent({ uid: 'b', start: 'VALUE=DATE:20260620', end: 'VALUE=DATE:20260623' }),
    );
    expect(busyFromICalendar([text], window('2026-06-01T00:00:00Z', '2026-07-01T00:00:00Z'), 'America/New_York').busy.map(iso)).toEqual([
      ['2026-06-10T04:00:00.000Z', '2026-06-11T04:00:00.000Z'],
      ['2026-06-20T04:00:00.000Z', '2026-06-23T04:00:00.000Z'],
    ]);
  });

  it('transparent and cancelled events are free', () => {
    const text = vcalendar(
      vevent({ uid: 't', start: '20260610T100000Z', end: '20260610T110000Z', extra: ['TRANSP:TRANSPARENT'] }),
      vevent({ uid: 'c', start: '20260610T120000Z', end: '20260610T130000Z', extra: ['STATUS:CANCELLED'] }),
      vevent({ uid: 'o', start: '20260610T140000Z', end: '20260610T150000Z', extra: ['TRANSP:OPAQUE', 'STATUS:CONFIRMED'] }),
    );
    expect(busyFromICalendar([text], window('2026-06-01T00:00:00Z', '2026-07-01T00:00:00Z'), 'UTC').busy.map(iso)).toEqual([
      ['2026-06-10T14:00:00.000Z', '2026-06-10T15:00:00.000Z'],
    ]);
  });

  it('an excluded instance (EXDATE) is free; a moved one (RECURRENCE-ID) is busy at its new time only; a cancelled instance is free', () => {
    const text = vcalendar(
      vevent({
        uid: 'series',
        start: 'TZID=America/New_York:20260601T090000',
        end: 'TZID=America/New_York:20260601T100000',
        extra: ['RRULE:FREQ=DAILY;COUNT=5', 'EXDATE;TZID=America/New_York:20260602T090000'],
      }),
      vevent({ uid: 'series', start: 'TZID=America/New_York:20260603T150000', end: 'TZID=America/New_York:20260603T160000', extra: ['RECURRENCE-ID;TZID=America/New_York:20260603T090000'] }),
      vevent({ uid: 'series', start: 'TZID=America/New_York:20260604T090000', end: 'TZID=America/New_York:20260604T100000', extra: ['RECURRENCE-ID;TZID=America/New_York:20260604T090000', 'STATUS:CANCELLED'] }),
    );
    expect(busyFromICalendar([text], window('2026-05-01T00:00:00Z', '2026-07-01T00:00:00Z'), 'UTC').busy.map(iso)).toEqual([
      ['2026-06-01T13:00:00.000Z', '2026-06-01T14:00:00.000Z'],
      ['2026-06-03T19:00:00.000Z', '2026-06-03T20:00:00.000Z'], // moved from 09:00 to 15:00 local
      ['2026-06-05T13:00:00.000Z', '2026-06-05T14:00:00.000Z'],
    ]);
  });

  it('reads REFRESH-INTERVAL and X-PUBLISHED-TTL', () => {
    expect(busyFromICalendar([vcalendar('REFRESH-INTERVAL;VALUE=DURATION:PT2H')], window('2026-01-01T00:00:00Z', '2026-02-01T00:00:00Z'), 'UTC').refreshSeconds).toBe(7200);
    expect(busyFromICalendar([vcalendar('X-PUBLISHED-TTL:PT30M')], window('2026-01-01T00:00:00Z', '2026-02-01T00:00:00Z'), 'UTC').refreshSeconds).toBe(1800);
  });

  it('property: a weekly series in any zone expands to the instants of its local wall-clock time, and the merged busy ranges cover exactly those hours', () => {
    const zones = ['Europe/Berlin', 'America/New_York', 'America/Sao_Paulo', 'Australia/Sydney', 'Asia/Kolkata', 'Pacific/Auckland', 'America/Los_Angeles', 'UTC', 'Europe/London', 'Asia/Tehran'];
    fc.assert(
      fc.property(
        fc.constantFrom(...zones),
        fc.date({ min: new Date('2025-01-01T00:00:00Z'), max: new Date('2028-12-31T00:00:00Z'), noInvalidDate: true }),
        fc.integer({ min: 0, max: 23 }),
        fc.integer({ min: 1, max: 3 }),
        fc.integer({ min: 2, max: 30 }),
        fc.integer({ min: 0, max: 23 * 7 }),
        (zone, day, hour, hours, count, probeHour) => {
          const first = DateTime.fromJSDate(day, { zone: 'UTC' }).setZone(zone, { keepLocalTime: false }).set({ hour, minute: 0, second: 0, millisecond: 0 });
          const local = first.toFormat("yyyyMMdd'T'HHmmss");
          const localEnd = first.plus({ hours }).toFormat("yyyyMMdd'T'HHmmss");
          const text = vcalendar(vevent({ uid: 'p', start: `TZID=${zone}:${local}`, end: `TZID=${zone}:${localEnd}`, extra: [`RRULE:FREQ=WEEKLY;COUNT=${count}`] }));
          const from = first.minus({ days: 1 }).toJSDate();
          const to = first.plus({ weeks: count + 1 }).toJSDate();
          const { busy } = busyFromICalendar([text], { from, to }, 'UTC');
          // Expected: the i-th week's local start (luxon), skipped-hour starts moved forward as RFC 5545 says.
          const expected = Array.from({ length: count }, (_, i) => {
            const s = first.plus({ weeks: i });
            return { start: s.toJSDate(), end: s.plus({ hours }).toJSDate() };
          });
          expect(busy.map((b) => b.start.toISOString())).toEqual(expected.map((e) => e.start.toISOString()));
          // Subtraction agrees with expansion: an hour is busy exactly when it overlaps an expanded instance.
          const merged = mergeRanges(busy);
          const probe = new Date(from.getTime() + probeHour * 3_600_000);
          const probeEnd = new Date(probe.getTime() + 3_600_000);
          const overlapsMerged = merged.some((r) => r.start < probeEnd && r.end > probe);
          const overlapsExpected = expected.some((r) => r.start < probeEnd && r.end > probe);
          expect(overlapsMerged).toBe(overlapsExpected);
        },
      ),
      { numRuns: 300 },
    );
  });
});
