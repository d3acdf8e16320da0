import { z } from 'zod';

/** spec §9: recurring slots are generated 14 days ahead; one request may cover at most 31 days. */
export const DEFAULT_GENERATION_DAYS = 14;
export const MAX_GENERATION_DAYS = 31;
/** Longest window one slot listing covers (a quarter: the client asks for a week or a month). */
export const MAX_SLOT_LIST_DAYS = 92;

/** Messages users see; the spec's own strings where it has one (spec §5 "Add slot", "Recurring schedule"). */
export const AVAILABILITY_MESSAGES = {
  selectDate: 'Please select a date first',
  bothTimes: 'Please fill in both start and end times',
  endAfterStart: 'End time must be after start time',
  past: 'Cannot create slots in the past',
  overlap: 'These times overlap an existing availability slot',
  titleAndDay: 'Please fill in title and select at least one day',
  bookedDelete: 'A booked slot cannot be deleted',
  bookedChange: 'A booked slot cannot be changed',
  pastDelete: 'A past slot cannot be deleted',
  pastChange: 'A past slot cannot be changed',
  oneDay: 'A range of slots must stay within one day',
  oneHour: 'A slot is exactly one hour long',
  wholeHours: (zone: string) => `Slots start and end on the hour in your time zone (${zone}), e.g. 10:00 to 12:00`,
  patternWholeHours: 'Recurring schedules run on whole hours, e.g. 09:00 to 17:00',
  creatorsOnly: 'Only creators can manage availability',
  noProfile: 'Streamer profile not found',
  suspended: 'Your creator profile is suspended',
  notYours: 'You can only manage your own availability',
  creatorNotFound: 'Streamer not found',
  slotNotFound: 'Availability slot not found',
  patternNotFound: 'Recurring schedule not found',
  windowTooLong: `Slots can be generated for at most ${MAX_GENERATION_DAYS} days at a time`,
  slotDuration: 'slotDuration must be 1 (slots are one hour long)',
  listWindowOrder: '`to` must be after `from`',
  listWindowTooLong: `Slots can be listed for at most ${MAX_SLOT_LIST_DAYS} days at a time: narrow from/to`,
} as const;

/** Absent, null and blank all mean "not given"; a Date becomes its ISO string. */
const optionalText = (field: string, max = 64) =>
  z.preprocess(
    (v) => (v instanceof Date ? v.toISOString() : typeof v === 'string' && v.trim() === '' ? undefined : (v ?? undefined)),
    z.string({ error: `${field} must be a string` }).trim().max(max, `${field} is too long`).optional(),
  );

const optionalId = (field: string) =>
  z.preprocess((v) => (v === '' || v === null ? undefined : v), z.string({ error: `${field} must be an id` }).optional());

export const SlotRangeSchema = z.object({
  date: optionalText('date'),
  startTime: optionalText('startTime'),
  endTime: optionalText('endTime'),
});

export const AddSlotsSchema = SlotRangeSchema.extend({ creatorId: optionalId('creatorId') });

export const SlotListSchema = z.object({
  from: optionalText('from'),
  to: optionalText('to'),
});

const DAYS_MESSAGE = 'daysOfWeek must be a list of days 0-6 (0 = Sunday)';
const days = z.preprocess(
  (v) => (typeof v === 'number' ? [v] : (v ?? undefined)),
  z
    .array(z.number({ error: DAYS_MESSAGE }).int(DAYS_MESSAGE).min(0, DAYS_MESSAGE).max(6, DAYS_MESSAGE), { error: DAYS_MESSAGE })
    .max(7, DAYS_MESSAGE)
    .optional(),
);

export const PatternFieldsSchema = z.object({
  title: optionalText('title', 120),
  daysOfWeek: days,
  startTime: optionalText('startTime'),
  endTime: optionalText('endTime'),
});

export const CreatePatternSchema = PatternFieldsSchema.extend({ creatorId: optionalId('creatorId') });

export const GenerateSlotsSchema = z.object({
  creatorId: optionalId('creatorId'),
  startDate: optionalText('startDate'),
  endDate: optionalText('endDate'),
  slotDuration: z.unknown().optional(),
});

type Loose<T> = { [K in keyof T]?: T[K] | null };

export type AddSlotsInput = Loose<{ creatorId: string; date: string; startTime: string | Date; endTime: string | Date }>;
export type UpdateSlotInput = Loose<{ date: string; startTime: string | Date; endTime: string | Date }>;
export type SlotListInput = Loose<{ from: string | Date; to: string | Date }>;
export type CreatePatternInput = Loose<{ creatorId: string; title: string; daysOfWeek: number[] | number; startTime: string; endTime: string }>;
export type UpdatePatternInput = Loose<{ title: string; daysOfWeek: number[] | number; startTime: string; endTime: string }>;
export type GenerateSlotsInput = Loose<{ creatorId: string; startDate: string | Date; endDate: string | Date; slotDuration: number }>;
