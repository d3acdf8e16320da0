import type { AvailabilitySlot } from './availability-slot.entity';
import type { RecurringPattern } from './recurring-pattern.entity';
import type { SlotView } from './slot.view';

/** REST shapes of spec §3: snake_case entity fields. */

export const presentSlot = (s: SlotView) => ({
  id: s.id,
  streamer_id: s.creatorId,
  start_time: s.startTime,
  end_time: s.endTime,
  is_booked: s.isBooked,
  created_at: s.createdAt,
  updated_at: s.updatedAt,
});

export const presentPattern = (p: RecurringPattern) => ({
  id: p.id,
  streamer_id: p.creator.id,
  title: p.title,
  day_of_week: p.daysOfWeek,
  start_time: p.startTime,
  end_time: p.endTime,
  created_at: p.createdAt,
  updated_at: p.updatedAt,
});

/** spec §3 "Generated slot". */
export const presentGeneratedSlot = (s: AvailabilitySlot) => ({ id: s.id, slot_start: s.startTime, slot_end: s.endTime });
