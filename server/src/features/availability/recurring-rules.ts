import { DateTime } from 'luxon';
import { badInput } from '../../platform/shared/errors';
import { AVAILABILITY_MESSAGES as MSG, DEFAULT_GENERATION_DAYS, MAX_GENERATION_DAYS } from './availability.inputs';
import { atWallTime, dayOfWeek, eachLocalDay, formatWallTime, localDay, parseWallTime } from './local-time';

export interface PatternFields {
  title: string;
  daysOfWeek: number[];
  /** "HH:MM" local, on the hour; endTime may be "24:00". */
  startTime: string;
  endTime: string;
}

/** spec §5 "Recurring schedule" plus whole hours; times default to 09:00-17:00. */
export function normalizePattern(input: {
  title?: string;
  daysOfWeek?: number[];
  startTime?: string;
  endTime?: string;
}): PatternFields {
  if (!input.title || !input.daysOfWeek?.length) throw badInput(MSG.titleAndDay, input.title ? 'daysOfWeek' : 'title');
  const start = parseWallTime(input.startTime ?? '09:00');
  if (!start) throw badInput('startTime must be HH:MM', 'startTime');
  const end = parseWallTime(input.endTime ?? '17:00', { allowEndOfDay: true });
  if (!end) throw badInput('endTime must be HH:MM', 'endTime');
  if (end.hour * 60 + end.minute <= start.hour * 60 + start.minute) throw badInput(MSG.endAfterStart, 'endTime');
  if (start.minute !== 0 || end.minute !== 0) throw badInput(MSG.patternWholeHours, start.minute ? 'startTime' : 'endTime');
  return {
    title: input.title,
    daysOfWeek: [...new Set(input.daysOfWeek)].sort((a, b) => a - b),
    startTime: formatWallTime(start),
    endTime: formatWallTime(end),
  };
}

/** Inclusive local days. */
export interface GenerationWindow {
  from: DateTime;
  to: DateTime;
}

/** The default is 14 days starting tomorrow in the creator's zone (spec §9); at most 31 days. */
export function resolveWindow(input: { startDate?: string; endDate?: string }, zone: string, now: Date): GenerationWindow {
  const day = (text: string, field: string) => {
    const d = localDay(text, zone);
    if (!d) throw badInput(`${field} must be a date (YYYY-MM-DD)`, field);
    return d;
  };
  const from = input.startDate ? day(input.startDate, 'startDate') : defaultWindow(zone, now).from;
  const to = input.endDate ? day(input.endDate, 'endDate') : from.plus({ days: DEFAULT_GENERATION_DAYS - 1 });
  if (to < from) throw badInput('endDate must not be before startDate', 'endDate');
  if (Math.round(to.diff(from, 'days').days) + 1 > MAX_GENERATION_DAYS) throw badInput(MSG.windowTooLong, 'endDate');
  return { from, to };
}

export function defaultWindow(zone: string, now: Date): GenerationWindow {
  const from = DateTime.fromJSDate(now, { zone }).startOf('day').plus({ days: 1 });
  return { from, to: from.plus({ days: DEFAULT_GENERATION_DAYS - 1 }) };
}

export interface SlotCandidate {
  patternId: string;
  start: Date;
  end: Date;
}

/**
 * The hourly slots the patterns describe in the window (local days of the creator's zone), later than `now`, without overlaps among
 * themselves (two patterns may cover the same hour). Wall-clock hours that do not exist on a
 * spring-forward day are skipped; on a fall-back day the first occurrence is used.
 */
export function expandPatterns(
  patterns: ReadonlyArray<{ id: string } & Omit<PatternFields, 'title'>>,
  window: GenerationWindow,
  now: Date,
): SlotCandidate[] {
  const all: SlotCandidate[] = [];
  for (const p of patterns) {
    const startHour = parseWallTime(p.startTime)?.hour;
    const endHour = parseWallTime(p.endTime, { allowEndOfDay: true })?.hour;
    if (startHour === undefined || endHour === undefined) continue;
    for (const day of eachLocalDay(window.from, window.to)) {
      if (!p.daysOfWeek.includes(dayOfWeek(day))) continue;
      for (let hour = startHour; hour < endHour; hour++) {
        const at = atWallTime(day, { hour, minute: 0 });
        if (at && at.toMillis() > now.getTime()) {
          all.push({ patternId: p.id, start: at.toJSDate(), end: at.plus({ hours: 1 }).toJSDate() });
        }
      }
    }
  }
  all.sort((a, b) => a.start.getTime() - b.start.getTime());
  const kept: SlotCandidate[] = [];
  for (const c of all) if (!kept.length || c.start >= kept[kept.length - 1].end) kept.push(c);
  return kept;
}
