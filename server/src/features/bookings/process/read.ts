import type { EntityManager } from '@mikro-orm/postgresql';
import { preparedQuery } from '../../../platform/db/prepared';
import { turnBatchedRead } from '../../../platform/shared/loaders';
import { mapPrefixed, prefixedColumns } from '../../../platform/db/prefixed-rows';
import { Profile } from '../../profiles';
import { Booking } from '../booking.entity';
import { factsColumns, factsOfRow, type BookingFacts, type FactsColumns } from './facts';
import { publicNameSql } from '../../users';

/** Reading a booking for a decision (step 1 of a move, and the sweep's re-read under the lock). */

/** A user's name as booking events show it (their profile's display name, else a neutral name: never from the e-mail), as a scalar subquery. */
export const bookerNameOf = (userIdSql: string) =>
  `(select ${publicNameSql('bu', 'bp')} from users bu left join profiles bp on bp.user_id = bu.id where bu.id = ${userIdSql} limit 1)`;

/** A booking's row with its creator's profile and its facts, as `readBooking` selects them. */
export type BookingRow = Record<string, unknown> & FactsColumns;

/** A booking with its creator's profile and its facts. */
export interface FoundBooking {
  booking: Booking;
  creator: Profile;
  facts: BookingFacts;
  /** The booker's name as events show it (their profile's display name, else a neutral name). */
  bookerName: string | null;
  row: BookingRow;
}

/** A booking's row with its creator's profile, its facts and its booker's name; `where` picks the rows. */
const selectBookings = (em: EntityManager, where: string) =>
  `select ${prefixedColumns(em, Booking, 'b')}, ${prefixedColumns(em, Profile, 's')}, ${factsColumns('b.id')},
          ${bookerNameOf('b.booker_id')} as booker_name
   from bookings b join profiles s on s.id = b.streamer_id
   where ${where}`;

/**
 * Unlocked reads for a decision made outside a transaction (step 1 of most moves): the ones asked for
 * in the same turn of the event loop share one statement. A busy server takes the requests that
 * queued while it was behind in one turn, and one read then serves them all.
 */
const decisionReads = turnBatchedRead<EntityManager, string, BookingRow>(
  async (em, ids) => (await preparedQuery<BookingRow>(em, selectBookings(em, 'b.id = any(?::uuid[])'), [ids])).rows,
  (row) => row.b__id as string,
);

/**
 * The booking's row (locked for this transaction with `forUpdate`), its creator's profile and its
 * facts in one statement. The profile is never locked: other bookings of the creator move independently.
 * Unlocked outside a transaction, the read may share its statement with others of the same turn.
 */
export async function readBooking(em: EntityManager, bookingId: string, { forUpdate }: { forUpdate: boolean }): Promise<FoundBooking | null> {
  const [row] =
    !forUpdate && !em.isInTransaction()
      ? await decisionReads(em, [bookingId])
      : (await preparedQuery<BookingRow>(em, selectBookings(em, `b.id = ?${forUpdate ? ' for update of b' : ''}`), [bookingId])).rows;
  return row ? foundOf(em, row) : null;
}

/** The entities of a booking row, managed by `em`. */
export function foundOf(em: EntityManager, row: BookingRow): FoundBooking {
  const creator = mapPrefixed(em, Profile, row, 's')!;
  return { creator, booking: mapPrefixed(em, Booking, row, 'b')!, facts: factsOfRow(row), bookerName: (row.booker_name as string | null | undefined) ?? null, row };
}
