import ICAL from 'ical.js';
import { DateTime, IANAZone } from 'luxon';

export interface BusyInterval {
  start: Date;
  end: Date;
}

export interface ParsedFeed {
  busy: BusyInterval[];
  /** REFRESH-INTERVAL (RFC 7986) or X-PUBLISHED-TTL, in seconds, when the feed names one. */
  refreshSeconds: number | null;
}

/** Occurrences looked at per recurring event, at most (a daily series since 1990 is ~13,000). */
const MAX_STEPS_PER_EVENT = 50_000;
/** Busy ranges kept per calendar, at most (the earliest ones). */
export const MAX_BUSY_RANGES = 20_000;

type Zones = Map<string, ICAL.Timezone>;

/**
 * The busy times of one or more iCalendar texts (a feed, or a CalDAV calendar's objects) that
 * overlap [from, to): recurring events expanded with ical.js in their own time zone (RRULE, RDATE,
 * EXDATE, moved instances by RECURRENCE-ID), so a weekly 18:00 stays 18:00 across a DST change;
 * TRANSP:TRANSPARENT and STATUS:CANCELLED events (or cancelled instances) are free; all-day events
 * block their days in `zone` (the creator's), as do floating times. Time zones are read by IANA
 * name (luxon) when the TZID is one, else from the feed's own VTIMEZONE, else `zone`.
 */
export function busyFromICalendar(texts: readonly string[], window: { from: Date; to: Date }, zone: string): ParsedFeed {
  const busy: BusyInterval[] = [];
  let refreshSeconds: number | null = null;
  for (const text of texts) {
    const cal = new ICAL.Component(ICAL.parse(text));
    refreshSeconds ??= refreshOf(cal);
    const zones: Zones = new Map();
    for (const vtz of cal.getAllSubcomponents('vtimezone')) {
      const tz = new ICAL.Timezone(vtz);
      if (tz.tzid) zones.set(tz.tzid, tz);
    }
    const convert = instantOf(zones, zone);
    const events = cal.getAllSubcomponents('vevent');
    const masters = new Map<string, ICAL.Event>();
    const exceptions: ICAL.Component[] = [];
    for (const ve of events) {
      if (ve.hasProperty('recurrence-id')) exceptions.push(ve);
      else masters.set(String(ve.getFirstPropertyValue('uid') ?? Math.random()), new ICAL.Event(ve));
    }
    for (const ex of exceptions) {
      const master = masters.get(String(ex.getFirstPropertyValue('uid')));
      if (master) master.relateException(ex);
      // A moved or changed instance counts at its own time (wherever its original time was).
      if (blocks(ex)) pushRange(busy, rangeOf(ex, convert), window);
    }
    for (const event of masters.values()) {
      if (!event.isRecurring()) {
        if (blocks(event.component)) pushRange(busy, rangeOf(event.component, convert), window);
        continue;
      }
      if (!blocks(event.component)) continue;
      const it = event.iterator();
      const startProp = event.component.getFirstProperty('dtstart');
      const tzid = paramOf(startProp, 'tzid');
      const lengthMs = lengthOf(event.component, convert);
      for (let step = 0; step < MAX_STEPS_PER_EVENT; step++) {
        const next = it.next();
        if (!next) break;
        const start = convert(next, tzid);
        if (start.getTime() >= window.to.getTime()) break;
        // Instances with a RECURRENCE-ID of their own were counted above.
        if (event.getOccurrenceDetails(next).item !== event) continue;
        pushRange(busy, { start, end: next.isDate ? convert(addDays(next, Math.max(1, Math.round(lengthMs / 86_400_000))), tzid) : new Date(start.getTime() + lengthMs) }, window);
      }
      if (busy.length > MAX_BUSY_RANGES * 2) break;
    }
  }
  busy.sort((a, b) => a.start.getTime() - b.start.getTime());
  return { busy: busy.slice(0, MAX_BUSY_RANGES), refreshSeconds };
}

/** Whether an event takes the time: not transparent, not cancelled. */
function blocks(ve: ICAL.Component): boolean {
  const transp = String(ve.getFirstPropertyValue('transp') ?? 'OPAQUE').toUpperCase();
  const status = String(ve.getFirstPropertyValue('status') ?? '').toUpperCase();
  return transp !== 'TRANSPARENT' && status !== 'CANCELLED';
}

function paramOf(prop: ICAL.Property | null, name: string): string | null {
  const v = prop?.getParameter(name);
  return typeof v === 'string' ? v : Array.isArray(v) ? String(v[0]) : null;
}

/** An event's own start and end (DTEND, else DURATION, else a day for a date, nothing for a date-time). */
function rangeOf(ve: ICAL.Component, convert: ReturnType<typeof instantOf>): BusyInterval | null {
  const startProp = ve.getFirstProperty('dtstart');
  const start = startProp?.getFirstValue() as ICAL.Time | undefined;
  if (!start) return null;
  const tzid = paramOf(startProp, 'tzid');
  const s = convert(start, tzid);
  const endProp = ve.getFirstProperty('dtend');
  const end = endProp?.getFirstValue() as ICAL.Time | undefined;
  if (end) return { start: s, end: convert(end, paramOf(endProp, 'tzid') ?? tzid) };
  const duration = ve.getFirstPropertyValue('duration') as ICAL.Duration | undefined;
  if (duration) {
    const t = start.clone();
    t.addDuration(duration);
    return { start: s, end: start.isDate ? convert(t, tzid) : new Date(s.getTime() + duration.toSeconds() * 1000) };
  }
  return start.isDate ? { start: s, end: convert(addDays(start, 1), tzid) } : null;
}

/** The length of a recurring event's instances in ms (days for an all-day one, as ms of whole days). */
function lengthOf(ve: ICAL.Component, convert: ReturnType<typeof instantOf>): number {
  const startProp = ve.getFirstProperty('dtstart');
  const start = startProp?.getFirstValue() as ICAL.Time;
  if (start.isDate) {
    const end = ve.getFirstPropertyValue('dtend') as ICAL.Time | undefined;
    const duration = ve.getFirstPropertyValue('duration') as ICAL.Duration | undefined;
    const days = end ? Math.round((Date.UTC(end.year, end.month - 1, end.day) - Date.UTC(start.year, start.month - 1, start.day)) / 86_400_000)
      : duration ? Math.max(1, Math.round(duration.toSeconds() / 86_400)) : 1;
    return days * 86_400_000;
  }
  const range = rangeOf(ve, convert);
  return range ? Math.max(0, range.end.getTime() - range.start.getTime()) : 0;
}

function addDays(t: ICAL.Time, days: number): ICAL.Time {
  const c = t.clone();
  c.adjust(days, 0, 0, 0);
  return c;
}

function pushRange(out: BusyInterval[], r: BusyInterval | null, window: { from: Date; to: Date }) {
  if (!r || !(r.end.getTime() > r.start.getTime())) return;
  if (r.end.getTime() <= window.from.getTime() || r.start.getTime() >= window.to.getTime()) return;
  out.push(r);
}

/** Wall-clock ICAL.Time (with the TZID of its property) to an instant. */
function instantOf(zones: Zones, fallbackZone: string) {
  return (t: ICAL.Time, tzid: string | null): Date => {
    const wall = { year: t.year, month: t.month, day: t.day, hour: t.isDate ? 0 : t.hour, minute: t.isDate ? 0 : t.minute, second: t.isDate ? 0 : t.second };
    if (!t.isDate && (t.zone === ICAL.Timezone.utcTimezone || (!tzid && t.zone?.tzid === 'UTC'))) {
      return new Date(Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second));
    }
    const name = t.isDate ? null : tzid;
    if (name && IANAZone.isValidZone(name)) return firstOccurrence(wall, name);
    const own = name ? zones.get(name) : undefined;
    if (own) {
      const local = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second);
      return new Date(local - own.utcOffset(t) * 1000);
    }
    return firstOccurrence(wall, fallbackZone);
  };
}

/**
 * A local wall-clock time in an IANA zone as an instant; a time that occurs twice (the hour the
 * clocks go back) is its first occurrence (RFC 5545 §3.3.5), a skipped one moves forward (luxon).
 */
function firstOccurrence(wall: { year: number; month: number; day: number; hour: number; minute: number; second: number }, zone: string): Date {
  const dt = DateTime.fromObject(wall, { zone });
  const same = (d: DateTime) => d.year === wall.year && d.month === wall.month && d.day === wall.day && d.hour === wall.hour && d.minute === wall.minute;
  for (const back of [3_600_000, 1_800_000]) {
    const earlier = DateTime.fromMillis(dt.toMillis() - back, { zone });
    if (same(dt) && same(earlier)) return earlier.toJSDate();
  }
  return dt.toJSDate();
}

function refreshOf(cal: ICAL.Component): number | null {
  for (const name of ['refresh-interval', 'x-published-ttl']) {
    const v = cal.getFirstPropertyValue(name);
    if (!v) continue;
    try {
      const seconds = v instanceof ICAL.Duration ? v.toSeconds() : ICAL.Duration.fromString(String(v)).toSeconds();
      if (seconds > 0) return seconds;
    } catch {
      // an unreadable interval is no interval
    }
  }
  return null;
}
