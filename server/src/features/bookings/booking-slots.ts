import type { EntityManager } from '@mikro-orm/postgresql';
import { preparedQuery } from '../../db/prepared';

/**
 * Gives a booking's hours back to its creator's availability (a cancelled booking, a checkout
 * undone), in the EntityManager's transaction if any; returns how many slots were freed.
 */
export async function freeBookingSlots(em: EntityManager, bookingId: string, now: Date): Promise<number> {
  const freed = await preparedQuery(em, 'update availability_slots set is_booked = false, booking_id = null, updated_at = ? where booking_id = ?', [now, bookingId]);
  return freed.rowCount;
}
