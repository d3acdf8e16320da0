import { addDays as addCalendarDays, formatISO, getDay, getHours, parseISO } from 'date-fns';
import { fromZonedTime, toZonedTime } from 'date-fns-tz';

/**
 * Calendar days and wall-clock times in a named IANA time zone. The zone arithmetic (wall clock of
 * an instant, the instant of a wall-clock time, across daylight-saving changes) is date-fns-tz's;
 * formatting is the browser's Intl. A "day key" is a local calendar date written YYYY-MM-DD,
 * counted with date-fns on a plain calendar date (no zone involved).
 */

export type DayKey = string;

/** A Date whose own (browser-local) fields read as `zone`'s wall clock at `instant`. */
const wallClock = (instant: Date | string, zone: string) => toZonedTime(new Date(instant), zone);
const keyOfDate = (date: Date): DayKey => formatISO(date, { representation: 'date' });

/** The hour (0-23) on the wall clock of `zone` at `instant`. */
export function hourOf(instant: Date | string, zone: string): number {
  return getHours(wallClock(instant, zone));
}

/** The local calendar day of `instant` in `zone`. */
export function dayKeyOf(instant: Date | string, zone: string): DayKey {
  return keyOfDate(wallClock(instant, zone));
}

/** Today's local calendar day in `zone`. */
export function todayIn(zone: string, now: Date = new Date()): DayKey {
  return dayKeyOf(now, zone);
}

export function addDays(key: DayKey, days: number): DayKey {
  return keyOfDate(addCalendarDays(parseISO(key), days));
}

/** 0 = Sunday … 6 = Saturday. */
export function dayOfWeek(key: DayKey): number {
  return getDay(parseISO(key));
}

/** The Sunday that starts the week holding `key` (the week starts on Sunday, spec §9). */
export function weekStartOf(key: DayKey): DayKey {
  return addDays(key, -dayOfWeek(key));
}

/** The 7 days of the week starting at `sunday`. */
export function weekDays(sunday: DayKey): DayKey[] {
  return Array.from({ length: 7 }, (_, i) => addDays(sunday, i));
}

/** Minutes since midnight of "HH:MM" ("24:00" = 1440); null when not a time. */
export function minutesOf(time: string): number | null {
  const match = /^(\d{1,2}):(\d{2})$/.exec(time.trim());
  if (!match) return null;
  const [hours, minutes] = [Number(match[1]), Number(match[2])];
  if (minutes > 59 || hours > 24 || (hours === 24 && minutes > 0)) return null;
  return hours * 60 + minutes;
}

/**
 * The instant at wall-clock `time` ("HH:MM", "24:00" = next midnight) on `day` in `zone`. A time
 * that does not exist (skipped by a spring-forward change) moves forward by the gap.
 */
export function zonedInstant(day: DayKey, time: string, zone: string): Date {
  const minutes = minutesOf(time) ?? 0;
  const date = minutes === 24 * 60 ? addDays(day, 1) : day;
  const pad = (n: number) => String(n).padStart(2, '0');
  const local = `${date}T${pad(Math.floor(minutes / 60) % 24)}:${pad(minutes % 60)}:00`;
  const instant = fromZonedTime(local, zone);
  // In a spring-forward gap date-fns-tz answers the time before it; step forward by what the wall clock misses.
  const missed = parseISO(local).getTime() - wallClock(instant, zone).getTime();
  return missed > 0 ? new Date(instant.getTime() + missed) : instant;
}

/** The browser's own zone (the viewer's). */
export function viewerZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

/** "9:00 AM" in `zone` (the viewer's zone when omitted). */
export function formatTime(instant: Date | string, zone?: string): string {
  return new Intl.DateTimeFormat(undefined, { hour: 'numeric', minute: '2-digit', timeZone: zone }).format(
    new Date(instant),
  );
}

/** "9:00 AM – 11:00 AM". */
export function formatTimeRange(start: Date | string, end: Date | string, zone?: string): string {
  return `${formatTime(start, zone)} – ${formatTime(end, zone)}`;
}

/**
 * A booking's hours as every panel names them: "Mon, Sep 15 · 9:00 AM – 11:00 AM" in `zone` (the
 * bell, the thread's lines, the booking cards: one format).
 */
export function formatBookingHours(start: Date | string, end: Date | string, zone?: string): string {
  return `${formatDay(start, zone)} · ${formatTimeRange(start, end, zone)}`;
}

/** "Mon, Sep 15" in `zone` (the viewer's zone when omitted). */
export function formatDay(instant: Date | string, zone?: string): string {
  return new Intl.DateTimeFormat(undefined, {
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    timeZone: zone,
  }).format(new Date(instant));
}

/** "Mon, Sep 15, 2025, 9:00 AM" in `zone` (the viewer's zone when omitted). */
export function formatDateTime(instant: Date | string, zone?: string): string {
  return new Intl.DateTimeFormat(undefined, {
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZone: zone,
  }).format(new Date(instant));
}

/** Formats a day key itself (no zone involved): "Sunday, September 14". */
export function formatDayKey(
  key: DayKey,
  options: Intl.DateTimeFormatOptions = { weekday: 'long', month: 'long', day: 'numeric' },
) {
  return new Intl.DateTimeFormat(undefined, { ...options, timeZone: 'UTC' }).format(new Date(`${key}T00:00:00Z`));
}

/** A short name for `zone` as people read it, e.g. "Europe/Berlin (GMT+2)". */
export function describeZone(zone: string, at: Date = new Date()): string {
  const offset = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'shortOffset' })
    .formatToParts(at)
    .find((p) => p.type === 'timeZoneName')?.value;
  return offset ? `${zone} (${offset})` : zone;
}

/** The zone's short name at `at` as people read it: "CET", "EST", else "GMT+5:30"; the IANA name as a last resort. */
export function zoneAbbreviation(zone: string, at: Date | string = new Date()): string {
  const name = (locale: string) =>
    new Intl.DateTimeFormat(locale, { timeZone: zone, timeZoneName: 'short' })
      .formatToParts(new Date(at))
      .find((p) => p.type === 'timeZoneName')?.value;
  if (zone === 'UTC' || zone === 'Etc/UTC') return 'UTC';
  const us = name('en-US');
  if (us && !us.startsWith('GMT')) return us;
  const gb = name('en-GB');
  return gb ?? us ?? zone;
}

/**
 * A moment with its zone named, in the same words as a booking's hours (formatDay, formatTime):
 * "Tue, Nov 24, 12:00 PM CET". Deadlines, cancellations, submissions: one format in every panel.
 */
export function formatDeadline(instant: Date | string, zone: string): string {
  return `${formatDay(instant, zone)}, ${formatTime(instant, zone)} ${zoneAbbreviation(zone, instant)}`;
}

/** "Wednesday, October 1, 2025" in `zone` (the viewer's zone when omitted). */
export function formatLongDate(instant: Date | string, zone?: string): string {
  return new Intl.DateTimeFormat(undefined, {
    weekday: 'long',
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    timeZone: zone,
  }).format(new Date(instant));
}
