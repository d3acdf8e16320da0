import type { EntityManager } from '@mikro-orm/postgresql';
import { preparedQuery } from '../../../platform/db/prepared';
import type { PendingMoneyStep } from './booking.model';
import type { BookingRow, FoundBooking } from './read';

/**
 * A move that calls the payment provider first claims the booking: its decided step is stored in
 * `money_step` by one update conditional on the version it decided on, so no other move of the
 * booking runs while the call is under way, and a claim on a stale decision does not land.
 */

/** How long a claimed provider call may take before its claim is treated as abandoned (the process died). */
export const STALE_MONEY_STEP_MS = 5 * 60_000;

/** Claims the booking as read for `step`; the row as the claim left it, or null when the booking changed since the read. */
export async function claimMove(root: EntityManager, read: FoundBooking, step: PendingMoneyStep): Promise<BookingRow | null> {
  const { booking } = read;
  const updatedAt = new Date();
  const claimed = await preparedQuery(
    root,
    `update bookings set money_step = ?::jsonb, version = version + 1, updated_at = ?
     where id = ? and version = ? and money_step is null`,
    [JSON.stringify(step), updatedAt, booking.id, booking.version],
  );
  if (claimed.rowCount === 0) return null;
  return { ...read.row, b__money_step: step, b__version: booking.version + 1, b__updated_at: updatedAt };
}

/** Clears a claim whose call was refused: the booking stays as it was (a new version: the claim's record can no longer land). */
export async function releaseClaim(root: EntityManager, bookingId: string, step: PendingMoneyStep): Promise<void> {
  await root.execute(
    `update bookings set money_step = null, version = version + 1
     where id = ? and money_step->'call'->>'idempotencyKey' = ? and money_step->>'decidedAt' = ?`,
    [bookingId, step.call.idempotencyKey, step.decidedAt],
  );
}

export const isStale = (step: PendingMoneyStep, now: Date) => now.getTime() - new Date(step.decidedAt).getTime() >= STALE_MONEY_STEP_MS;

export const sameStep = (a: PendingMoneyStep | null | undefined, b: PendingMoneyStep) =>
  Boolean(a) && a!.call.idempotencyKey === b.call.idempotencyKey && a!.decidedAt === b.decidedAt;
