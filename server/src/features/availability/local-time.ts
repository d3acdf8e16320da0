import { DateTime, IANAZone } from 'luxon';

/**
 * Wall-clock helpers for a creator's IANA zone (luxon). Slots are 1-hour units that start on the
 * creator's local hour; weekly patterns are local "HH:MM" times, so they stay put across DST.
 */

/** A local time of day; hour 24 (minute 0) means the end of the day. */
export interface WallTime {
  hour: number;
  minute: number;
}

const HH_MM = /^(\d{2}):(\d{2})$/;

export function parseWallTime(text: string, { allowEndOfDay = false } = {}): WallTime | null {
  const m = HH_MM.exec(text);
  if (!m) return null;
  const hour = Number(m[1]);
  const minute = Number(m[2]);
  if (minute > 59 || hour > 24 || (hour === 24 && (minute !== 0 || !allowEndOfDay))) return null;
  return { hour, minute };
}

export const formatWallTime = (t: WallTime) => `${String(t.hour).padStart(2, '0')}:${String(t.minute).padStart(2, '0')}`;

/** An unknown zone is read as UTC rather than breaking every schedule of that creator. */
export const zoneOf = (timezone: string | null | undefined) =>
  timezone && IANAZone.isValidZone(timezone) ? timezone : 'UTC';

/** The start of a local calendar day from "YYYY-MM-DD" (or an ISO instant, read in the zone); null if invalid. */
export function localDay(text: string, zone: string): DateTime | null {
  const dt = DateTime.fromISO(text, { zone });
  return dt.isValid ? dt.startOf('day') : null;
}

export const isIsoDateTime = (text: string) => /^\d{4}-\d{2}-\d{2}T/.test(text);

/** An ISO date-time; without an offset it is read as local time in the zone. Null if invalid. */
export function localInstant(text: string, zone: string): DateTime | null {
  const dt = DateTime.fromISO(text, { zone });
  return dt.isValid ? dt : null;
}

/** The instant of a wall-clock time on a local day, or null when that time does not exist there (DST gap). */
export function atWallTime(day: DateTime, t: WallTime): DateTime | null {
  if (t.hour === 24) return day.plus({ days: 1 }).startOf('day');
  const dt = DateTime.fromObject(
    { year: day.year, month: day.month, day: day.day, hour: t.hour, minute: t.minute },
    { zone: day.zone },
  );
  return dt.hour === t.hour && dt.minute === t.minute ? dt : null;
}

export const isOnLocalHour = (dt: DateTime) => dt.minute === 0 && dt.second === 0 && dt.millisecond === 0;

export interface HourRange {
  start: Date;
  end: Date;
}

/** Splits [start, end) into consecutive 1-hour slots; null when it is not a whole number of hours. */
export function hourlyRanges(start: DateTime, end: DateTime): HourRange[] | null {
  const out: HourRange[] = [];
  for (let cur = start; cur < end; cur = cur.plus({ hours: 1 })) {
    const next = cur.plus({ hours: 1 });
    if (next > end) return null;
    out.push({ start: cur.toJSDate(), end: next.toJSDate() });
  }
  return out;
}

/** Each local day from `from` to `to` inclusive (both start-of-day in the same zone). */
export function* eachLocalDay(from: DateTime, to: DateTime): Generator<DateTime> {
  for (let day = from; day <= to; day = day.plus({ days: 1 })) yield day;
}

/** 0 = Sunday … 6 = Saturday (luxon: 1 = Monday … 7 = Sunday). */
export const dayOfWeek = (day: DateTime) => day.weekday % 7;
