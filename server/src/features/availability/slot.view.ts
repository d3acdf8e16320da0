import type { AvailabilitySlot } from './availability-slot.entity';

/** A slot as readers see it (GraphQL and REST), read straight from SQL on the public paths. */
export interface SlotView {
  id: string;
  creatorId: string;
  startTime: Date;
  endTime: Date;
  isBooked: boolean;
  createdAt: Date;
  updatedAt: Date;
}

export const slotView = (s: AvailabilitySlot): SlotView => ({
  id: s.id,
  creatorId: s.creator.id,
  startTime: s.startTime,
  endTime: s.endTime,
  isBooked: s.isBooked,
  createdAt: s.createdAt,
  updatedAt: s.updatedAt,
});

export interface SlotRow {
  id: string;
  streamer_id: string;
  start_time: Date | string;
  end_time: Date | string;
  is_booked: boolean;
  created_at: Date | string;
  updated_at: Date | string;
}

/** pg already gives timestamptz columns as Dates; no copies on the hot path. */
const asDate = (v: Date | string) => (v instanceof Date ? v : new Date(v));

export const rowToSlotView = (r: SlotRow): SlotView => ({
  id: r.id,
  creatorId: r.streamer_id,
  startTime: asDate(r.start_time),
  endTime: asDate(r.end_time),
  isBooked: r.is_booked,
  createdAt: asDate(r.created_at),
  updatedAt: asDate(r.updated_at),
});
