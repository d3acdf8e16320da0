import { dayKeyOf, hourOf, zonedInstant } from '../../../shared/lib/zoned-time';

/**
 * Calendar arithmetic for the creator page's month view and hour grid. A calendar day is carried
 * as a Date at the browser's local midnight of that date (only its year, month and day count);
 * slots are instants, laid on the hours of the VIEWER's zone (their profile's, else the browser's)
 * with `dayOf`, `dayStart` and `slotsByGridHour`. (Times of day are formatted with
 * `shared/lib/zoned-time`.)
 */

/** Spec §5/§9: the time grid shows the hours 6 through 22. */
export const GRID_FIRST_HOUR = 6;
export const GRID_LAST_HOUR = 22;

export function startOfDay(date: Date): Date {
  return new Date(date.getFullYear(), date.getMonth(), date.getDate());
}

export function addDays(date: Date, days: number): Date {
  return new Date(date.getFullYear(), date.getMonth(), date.getDate() + days);
}

export function startOfMonth(date: Date): Date {
  return new Date(date.getFullYear(), date.getMonth(), 1);
}

export function addMonths(date: Date, months: number): Date {
  return new Date(date.getFullYear(), date.getMonth() + months, 1);
}

export function isSameDay(a: Date, b: Date): boolean {
  return a.getFullYear() === b.getFullYear() && a.getMonth() === b.getMonth() && a.getDate() === b.getDate();
}

/** Local calendar day as YYYY-MM-DD (the `?date=` of the page). */
export function dayKey(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** YYYY-MM-DD -> local midnight of that day; null when it is not a real date. */
export function parseDayKey(text: string | null | undefined): Date | null {
  const match = text ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(text) : null;
  if (!match) return null;
  const date = new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  return dayKey(date) === text ? date : null;
}

/** The calendar day that `instant` falls on in `zone`. */
export function dayOf(instant: Date | string, zone: string): Date {
  return parseDayKey(dayKeyOf(instant, zone))!;
}

/** The instant `day` begins in `zone` (for asking the server for a day's or a month's slots). */
export function dayStart(day: Date, zone: string): Date {
  return zonedInstant(dayKey(day), '00:00', zone);
}

/**
 * The cells of a month view whose weeks start on Sunday (spec §9): the month's days, with null
 * padding before the 1st and after the last day so every row has 7 cells.
 */
export function monthGridDays(month: Date): (Date | null)[] {
  const first = startOfMonth(month);
  const daysInMonth = new Date(first.getFullYear(), first.getMonth() + 1, 0).getDate();
  const cells: (Date | null)[] = Array.from({ length: first.getDay() }, () => null);
  for (let day = 1; day <= daysInMonth; day++) cells.push(new Date(first.getFullYear(), first.getMonth(), day));
  while (cells.length % 7 !== 0) cells.push(null);
  return cells;
}

/** The slot starting inside each grid hour of `day` in `zone` (the viewer's), keyed by that hour. */
export function slotsByGridHour<S extends { startTime: string }>(
  slots: readonly S[],
  day: Date,
  zone: string,
): Map<number, S> {
  const byHour = new Map<number, S>();
  const key = dayKey(day);
  for (const slot of slots) {
    if (dayKeyOf(slot.startTime, zone) !== key) continue;
    const hour = hourOf(slot.startTime, zone);
    if (hour >= GRID_FIRST_HOUR && hour <= GRID_LAST_HOUR && !byHour.has(hour)) byHour.set(hour, slot);
  }
  return byHour;
}

/** "Wednesday, October 1, 2025" in the viewer's locale. */
export function formatLongDate(date: Date | string): string {
  return new Intl.DateTimeFormat(undefined, { weekday: 'long', year: 'numeric', month: 'long', day: 'numeric' }).format(
    new Date(date),
  );
}

/** "October 2025". */
export function formatMonth(date: Date): string {
  return new Intl.DateTimeFormat(undefined, { month: 'long', year: 'numeric' }).format(date);
}

/** "Sep 10, 2025" for review dates. */
export function formatShortDate(instant: string): string {
  return new Intl.DateTimeFormat(undefined, { month: 'short', day: 'numeric', year: 'numeric' }).format(
    new Date(instant),
  );
}
