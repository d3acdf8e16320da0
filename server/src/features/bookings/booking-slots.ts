import type { EntityManager } from '@mikro-orm/postgresql';
import { runTogether, type StatementPart } from '../../platform/db/statement-parts';

/**
 * Gives a booking's hours back to its creator's availability (a cancelled booking, a checkout
 * undone), in the EntityManager's transaction if any; returns how many slots were freed.
 */
export async function freeBookingSlots(em: EntityManager, bookingId: string, now: Date): Promise<number> {
  let freed = 0;
  await runTogether(em, [releaseSlotsPart(bookingId, now, (n) => (freed = n))]);
  return freed;
}

/** The same, as a part of a bigger statement (a move's one write); `freed` hears how many. */
export function releaseSlotsPart(bookingId: string, now: Date, freed: (slots: number) => void): StatementPart {
  return {
    names: ['freed_slots'],
    ctes: 'freed_slots as (update availability_slots set is_booked = false, booking_id = null, updated_at = ? where booking_id = ? returning 1)',
    params: [now, bookingId],
    columns: '(select count(*) from freed_slots)::int as freed_slots',
    after: (row) => freed(Number(row.freed_slots)),
  };
}
