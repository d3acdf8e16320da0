import { minutesOf, zonedInstant, type DayKey } from '../../../shared/lib/zoned-time';

/** The spec's own messages (§5 "Add slot", "Recurring schedule"). */
export const AVAILABILITY_MESSAGES = {
  selectDate: 'Please select a date first',
  bothTimes: 'Please fill in both start and end times',
  endAfterStart: 'End time must be after start time',
  past: 'Cannot create slots in the past',
  titleAndDay: 'Please fill in title and select at least one day',
} as const;

/** Recurring schedule defaults (spec §5). */
export const DEFAULT_SCHEDULE_START = '09:00';
export const DEFAULT_SCHEDULE_END = '17:00';

/** Generated slots are listed for this many days; only the first few are shown (spec §9). */
export const UPCOMING_DAYS = 14;
export const UPCOMING_SHOWN = 20;

/** A time input cannot say 24:00: an end of 00:00 after a later start means midnight at the end of the day. */
export function endOfRange(start: string, end: string): string {
  return end === '00:00' && start !== '00:00' ? '24:00' : end;
}

export interface SlotDraft {
  day: DayKey | null;
  startTime: string;
  endTime: string;
}

/** The first rule an Add Slot draft breaks, in the spec's order, or null when it may be sent. */
export function validateSlotDraft(draft: SlotDraft, zone: string, now: Date = new Date()): string | null {
  if (!draft.day) return AVAILABILITY_MESSAGES.selectDate;
  if (!draft.startTime || !draft.endTime) return AVAILABILITY_MESSAGES.bothTimes;
  const end = endOfRange(draft.startTime, draft.endTime);
  const startMinutes = minutesOf(draft.startTime);
  const endMinutes = minutesOf(end);
  if (startMinutes === null || endMinutes === null) return AVAILABILITY_MESSAGES.bothTimes;
  if (endMinutes <= startMinutes) return AVAILABILITY_MESSAGES.endAfterStart;
  if (zonedInstant(draft.day, draft.startTime, zone).getTime() <= now.getTime()) return AVAILABILITY_MESSAGES.past;
  return null;
}

export interface ScheduleDraft {
  title: string;
  daysOfWeek: number[];
  startTime: string;
  endTime: string;
}

/** The first rule a recurring schedule draft breaks, or null. */
export function validateScheduleDraft(draft: ScheduleDraft): string | null {
  if (!draft.title.trim() || draft.daysOfWeek.length === 0) return AVAILABILITY_MESSAGES.titleAndDay;
  if (!draft.startTime || !draft.endTime) return AVAILABILITY_MESSAGES.endAfterStart;
  const start = minutesOf(draft.startTime);
  const end = minutesOf(endOfRange(draft.startTime, draft.endTime));
  if (start === null || end === null || end <= start) return AVAILABILITY_MESSAGES.endAfterStart;
  return null;
}

export const DAY_NAMES_SHORT = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const;
export const DAY_NAMES_LONG = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;

/** "Mon, Wed, Fri" in week order (Sunday first). */
export function describeDays(days: readonly number[]): string {
  return [...days]
    .sort((a, b) => a - b)
    .map((d) => DAY_NAMES_SHORT[d])
    .join(', ');
}
