import { DateTime } from 'luxon';
import { badInput } from '../../platform/shared/errors';
import { AVAILABILITY_MESSAGES as MSG } from './availability.inputs';
import {
  atWallTime,
  hourlyRanges,
  isIsoDateTime,
  isOnLocalHour,
  localDay,
  localInstant,
  parseWallTime,
  type HourRange,
} from './local-time';

export interface SlotRangeFields {
  date?: string;
  startTime?: string;
  endTime?: string;
}

/**
 * Reads a range the way the Add Slot form states it: a local `date` with "HH:MM" times in the
 * creator's zone, or two ISO date-times (then `date` is optional). Applies the spec's checks in
 * the spec's order, then the house rules: on the creator's local hour, within one local day.
 * Returns the 1-hour slots the range consists of.
 */
export function resolveSlotRange(fields: SlotRangeFields, zone: string, now: Date): HourRange[] {
  const { date, startTime, endTime } = fields;
  const anyInstant = [startTime, endTime].some((t) => t !== undefined && isIsoDateTime(t));
  if (!date && !anyInstant) throw badInput(MSG.selectDate, 'date');
  if (!startTime || !endTime) throw badInput(MSG.bothTimes, startTime ? 'endTime' : 'startTime');

  const day = date ? localDay(date, zone) : null;
  if (date && !day) throw badInput('date must be a date (YYYY-MM-DD)', 'date');
  const start = readTime(startTime, day, zone, 'startTime', false);
  const end = readTime(endTime, day, zone, 'endTime', true);

  if (end <= start) throw badInput(MSG.endAfterStart, 'endTime');
  if (start.toMillis() <= now.getTime()) throw badInput(MSG.past, 'startTime');
  if (day && !start.hasSame(day, 'day')) throw badInput('startTime is not on the selected date', 'startTime');
  if (!isOnLocalHour(start) || !isOnLocalHour(end)) throw badInput(MSG.wholeHours(zone), 'startTime');
  if (!start.hasSame(end.minus({ milliseconds: 1 }), 'day')) throw badInput(MSG.oneDay, 'endTime');
  const hours = hourlyRanges(start, end);
  if (!hours) throw badInput(MSG.wholeHours(zone), 'endTime');
  return hours;
}

function readTime(text: string, day: DateTime | null, zone: string, field: string, isEnd: boolean): DateTime {
  if (isIsoDateTime(text)) {
    const instant = localInstant(text, zone);
    if (!instant) throw badInput(`${field} must be HH:MM or an ISO-8601 date-time`, field);
    return instant;
  }
  if (!day) throw badInput(MSG.selectDate, 'date');
  const wall = parseWallTime(text, { allowEndOfDay: isEnd });
  if (!wall) throw badInput(`${field} must be HH:MM or an ISO-8601 date-time`, field);
  const at = atWallTime(day, wall);
  if (!at) throw badInput(`${text} does not exist on ${day.toISODate()} in ${zone} (daylight saving change)`, field);
  return at;
}
