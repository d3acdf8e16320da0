/**
 * Calendar days and wall-clock times in a named IANA time zone, with the browser's Intl only.
 * A "day key" is a local calendar date written YYYY-MM-DD; calendar arithmetic on day keys is
 * done in UTC so it never trips over daylight-saving changes.
 */

export type DayKey = string;

const partsFormatters = new Map<string, Intl.DateTimeFormat>();

function partsFormatter(zone: string) {
  let formatter = partsFormatters.get(zone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    partsFormatters.set(zone, formatter);
  }
  return formatter;
}

interface WallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

function wallClock(instant: Date, zone: string): WallClock {
  const parts = Object.fromEntries(
    partsFormatter(zone)
      .formatToParts(instant)
      .filter((p) => p.type !== 'literal')
      .map((p) => [p.type, Number(p.value)]),
  ) as Record<string, number>;
  return {
    year: parts.year,
    month: parts.month,
    day: parts.day,
    hour: parts.hour === 24 ? 0 : parts.hour,
    minute: parts.minute,
    second: parts.second,
  };
}

const pad = (n: number) => String(n).padStart(2, '0');

/** The hour (0-23) on the wall clock of `zone` at `instant`. */
export function hourOf(instant: Date | string, zone: string): number {
  return wallClock(new Date(instant), zone).hour;
}

/** The local calendar day of `instant` in `zone`. */
export function dayKeyOf(instant: Date | string, zone: string): DayKey {
  const w = wallClock(new Date(instant), zone);
  return `${w.year}-${pad(w.month)}-${pad(w.day)}`;
}

/** Today's local calendar day in `zone`. */
export function todayIn(zone: string, now: Date = new Date()): DayKey {
  return dayKeyOf(now, zone);
}

function keyToUtc(key: DayKey): Date {
  const [y, m, d] = key.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d));
}

function utcToKey(date: Date): DayKey {
  return `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`;
}

export function addDays(key: DayKey, days: number): DayKey {
  const date = keyToUtc(key);
  date.setUTCDate(date.getUTCDate() + days);
  return utcToKey(date);
}

/** 0 = Sunday … 6 = Saturday. */
export function dayOfWeek(key: DayKey): number {
  return keyToUtc(key).getUTCDay();
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
 * The instant at wall-clock `time` ("HH:MM", "24:00" = next midnight) on `day` in `zone`.
 * Uses the zone's offset around that moment (two passes settle DST edges).
 */
export function zonedInstant(day: DayKey, time: string, zone: string): Date {
  const minutes = minutesOf(time) ?? 0;
  const wanted = keyToUtc(day).getTime() + minutes * 60_000;
  let guess = wanted;
  for (let i = 0; i < 2; i += 1) {
    const w = wallClock(new Date(guess), zone);
    const seen = Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second);
    guess += wanted - seen;
  }
  return new Date(guess);
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
  return new Intl.DateTimeFormat(undefined, { ...options, timeZone: 'UTC' }).format(keyToUtc(key));
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

/** A deadline with its zone named: "Tue 24 Nov, 12:00 CET". */
export function formatDeadline(instant: Date | string, zone: string): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone: zone,
      weekday: 'short',
      day: 'numeric',
      month: 'short',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(new Date(instant))
      .map((p) => [p.type, p.value]),
  );
  return `${parts.weekday} ${parts.day} ${parts.month}, ${parts.hour}:${parts.minute} ${zoneAbbreviation(zone, instant)}`;
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
