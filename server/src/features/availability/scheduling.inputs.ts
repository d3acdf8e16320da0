import { z } from 'zod';

export const SCHEDULING_MESSAGES = {
  minNotice: 'min_notice_minutes must be a whole number of minutes from 0 to 43200 (30 days)',
  bufferBefore: 'buffer_before_minutes must be a whole number of minutes from 0 to 1440',
  bufferAfter: 'buffer_after_minutes must be a whole number of minutes from 0 to 1440',
  maxDaysAhead: 'max_days_ahead must be a whole number of days from 1 to 730',
  timeOffStart: 'start_time must be an ISO-8601 date-time',
  timeOffEnd: 'end_time must be an ISO-8601 date-time after start_time',
  timeOffTooLong: 'Time off spans at most 366 days',
  timeOffPast: 'Time off must end in the future',
  timeOffNotFound: 'Time off not found',
} as const;

const minutes = (message: string, max: number) =>
  z.preprocess((v) => (typeof v === 'string' && /^\d+$/.test(v.trim()) ? Number(v) : v),
    z.number({ error: message }).int(message).min(0, message).max(max, message).optional());

/** Every field optional: a PUT changes those given and keeps the others. */
export const SchedulingSettingsSchema = z.object({
  minNoticeMinutes: minutes(SCHEDULING_MESSAGES.minNotice, 43_200),
  bufferBeforeMinutes: minutes(SCHEDULING_MESSAGES.bufferBefore, 1440),
  bufferAfterMinutes: minutes(SCHEDULING_MESSAGES.bufferAfter, 1440),
  maxDaysAhead: z.preprocess((v) => (typeof v === 'string' && /^\d+$/.test(v.trim()) ? Number(v) : v),
    z.number({ error: SCHEDULING_MESSAGES.maxDaysAhead }).int(SCHEDULING_MESSAGES.maxDaysAhead).min(1, SCHEDULING_MESSAGES.maxDaysAhead)
      .max(730, SCHEDULING_MESSAGES.maxDaysAhead).optional()),
});

const instant = (message: string) =>
  z.preprocess((v) => {
    if (v instanceof Date) return v;
    if (typeof v !== 'string' || !/^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?)?$/.test(v.trim())) return undefined;
    const d = new Date(v.trim());
    return Number.isNaN(d.getTime()) ? undefined : d;
  }, z.date({ error: message }));

export const TimeOffSchema = z.object({
  startTime: instant(SCHEDULING_MESSAGES.timeOffStart),
  endTime: instant(SCHEDULING_MESSAGES.timeOffEnd),
});

export type SchedulingSettingsInput = { [K in keyof z.input<typeof SchedulingSettingsSchema>]?: number | string | null };
export type TimeOffInput = { startTime?: string | Date | null; endTime?: string | Date | null };
