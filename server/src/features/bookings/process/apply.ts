import { randomUUID } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Profile } from '../../profiles';
import type { Booking } from '../booking.entity';
import { BookingHistoryEntry } from '../booking-history.entity';
import { releaseSlotsPart } from '../booking-slots';
import { fitTogether, runApart, runTogether, type StatementPart } from '../../../platform/db/statement-parts';
import { insertPart, onlyChanged, updatePart } from '../../../platform/db/entity-parts';
import { totalsWith, type LedgerTotals, type RecordedEntry } from '../ledger';
import { BookingAction, BookingStatus, PaymentStatus, type Actor, type BookingState, type DecidedMove, type MoneyPlan, type PaymentEffect, type ProviderOutcome } from './booking.model';
import { recordPaymentEffect } from './money-steps';
import { MOVE_WRITES, type AppliedTransition } from './move-writes';

/**
 * Applying a decided move (step 3, under the booking's lock or its claim): the money on paper, the
 * new state and its stamps, freed hours, the action's own writes (move-writes.ts), the history row
 * and the modules' move handlers, in the move's transaction.
 */

/** The facts of an applied move, as its history row records them and its handlers see them. */
export interface AppliedMove extends AppliedTransition {
  /**
   * Puts a write into the move's one statement (with its state and history row) instead of
   * running it now: a handler's writes go there when they need nothing back before the commit.
   */
  defer?(part: StatementPart): void;
  action: BookingAction;
  /** The booking's state before and after the move. */
  from: BookingState;
  to: BookingState;
  /** The money step (capture, cancelAuthorization, settle, transfer, unallocate, markPaidOut); null when no money moved. */
  moneyStep: PaymentEffect['kind'] | null;
  /** The cents the step moved at the provider (captured, refunded, transferred); null when none. */
  amountCents: number | null;
  /** The reason given with the move (cancel/decline reason, dispute statement, support's note). */
  reason: string | null;
  /** The request's details as the move was asked for (e.g. the delivery an APPROVE_DELIVERY approves); null when none. */
  details: unknown;
  bookerUserId: string;
  creatorUserId: string;
  /** The move's `booking_history` row. */
  historyId: string;
  /** The booking's ledger totals after the move (its stored entries and the ones this move recorded). */
  ledger: LedgerTotals;
  /** The ledger entries this move recorded (capture, refund, fee, allocation, transfer…). */
  recorded: RecordedEntry[];
}

/**
 * Runs in the transaction of every applied move, after its own writes and its history row (e.g.
 * publishing the move into the outbox). Modules contribute these as `bookingMoveHandlers`
 * (features/bookings/index.ts); a handler that throws rolls the move back.
 */
export type BookingMoveHandler = (move: AppliedMove) => Promise<void> | void;

export interface Done {
  booking: Booking;
  creator: Profile;
  freedSlots: boolean;
}

/** (3) The decided move itself: money on paper, new state, stamps, freed hours, the request's own writes. */
export async function applyMove(
  em: EntityManager,
  booking: Booking,
  creator: Profile,
  totals: LedgerTotals,
  move: MoneyPlan & DecidedMove,
  outcome: ProviderOutcome | null,
  moveHandlers: readonly BookingMoveHandler[],
  /** What the booking's read already knows (its booker's name for the event). */
  known: { bookerName?: string | null } = {},
): Promise<Done> {
  const now = new Date(move.decidedAt);
  const previous = { status: booking.status, payment: booking.paymentStatus };
  const recorded = recordPaymentEffect(move, outcome, { em, booking, totals, now });
  booking.status = move.to.status ?? booking.status;
  booking.paymentStatus = move.to.payment ?? booking.paymentStatus;
  booking.moneyStep = null;
  stamp(booking, previous, now, move.viewerId, move.actor);

  // Writes that can travel together with the booking's new state and its history row.
  const parts: StatementPart[] = [];
  let freedSlots = false;
  if (booking.status === BookingStatus.CANCELLED && previous.status !== BookingStatus.CANCELLED && now < booking.startTime) {
    // The hours become bookable again; after the start they stay taken (the time is gone).
    parts.push(releaseSlotsPart(booking.id, now, (n) => (freedSlots = n > 0)));
  }
  // A request moved to other hours (RESCHEDULE) freed some and took others: the creator page changes.
  if (move.action === BookingAction.RESCHEDULE) freedSlots = true;
  if (booking.status === BookingStatus.CONFIRMED && previous.status === BookingStatus.PENDING) {
    // total_bookings counts requests the creator accepted; later cancellations do not undo it.
    await em.execute('update profiles set total_bookings = total_bookings + 1 where id = ?', [creator.id]);
  }
  const writes = MOVE_WRITES[move.action];
  const applied: AppliedTransition = { em, booking, creator, actor: move.actor, actingUserId: move.viewerId, previous, now, bookerName: known.bookerName };
  await writes?.(applied, move.details ?? null);
  const facts: AppliedMove = { ...appliedMove(applied, move, outcome), ledger: totalsWith(totals, recorded), recorded, defer: (part) => parts.push(part) };
  const history = {
    id: facts.historyId,
    bookingId: booking.id,
    action: move.action,
    actor: move.actor,
    actorUserId: move.viewerId,
    fromStatus: previous.status,
    fromPayment: previous.payment,
    toStatus: booking.status,
    toPayment: booking.paymentStatus,
    moneyStep: facts.moneyStep,
    amountCents: facts.amountCents,
    reason: facts.reason,
    startTime: booking.startTime,
    endTime: booking.endTime,
    createdAt: now,
  };
  for (const handler of moveHandlers) await handler(facts);
  // One statement when nothing but the booking's own columns changed in memory (no ledger entry,
  // dispute or other entity to flush): state, history row, freed hours, outbox event and its
  // consumers' rows. Otherwise each write on its own and the ORM's flush.
  const changed = onlyChanged(em, booking);
  const update = changed ? updatePart(em, booking, changed, 'moved_booking') : null;
  if (update && fitTogether([update, ...parts])) {
    await runTogether(em, [update, insertPart(em, BookingHistoryEntry, 'history_row', history), ...parts]);
  } else {
    // The move's rows first (state, ledger, history), then the parts: an outbox consumer reading the booking's story sees this move.
    em.create(BookingHistoryEntry, history);
    await em.flush();
    await runApart(em, parts);
  }
  return { booking, creator, freedSlots };
}

function stamp(booking: Booking, previous: BookingState, now: Date, actingUserId: string | null, actor: Actor): void {
  if (previous.payment === PaymentStatus.UNPAID && booking.paymentStatus === PaymentStatus.HELD) booking.authorizedAt = now;
  if (booking.status === BookingStatus.CONFIRMED && previous.status === BookingStatus.PENDING) booking.acceptedAt = now;
  if ((booking.status === BookingStatus.COMPLETED || booking.status === BookingStatus.AUTO_COMPLETED) && previous.status !== booking.status) {
    booking.completedAt = now;
  }
  if (booking.status === BookingStatus.CANCELLED && previous.status !== BookingStatus.CANCELLED) {
    booking.cancelledAt = now;
    booking.cancelledBy = actingUserId;
    booking.cancelledByRole = actor;
  }
}

/** The facts of a move just applied to `t.booking` (its new state is already set). */
function appliedMove(t: AppliedTransition, move: MoneyPlan & DecidedMove, outcome: ProviderOutcome | null): Omit<AppliedMove, 'ledger' | 'recorded'> {
  const call = move.call;
  const amountCents = call && 'amountCents' in call ? call.amountCents : (outcome?.capturedCents ?? null);
  return {
    ...t,
    action: move.action,
    from: t.previous,
    to: { status: t.booking.status, payment: t.booking.paymentStatus },
    moneyStep: move.effect.kind === 'none' ? null : move.effect.kind,
    amountCents,
    reason: reasonOf(move.details),
    details: move.details ?? null,
    bookerUserId: t.booking.booker.id,
    creatorUserId: t.creator.user.id,
    historyId: randomUUID(),
  };
}

/** The reason a move's details carry (a cancellation or decline reason, a dispute's statement, support's note). */
function reasonOf(details: unknown): string | null {
  if (!details || typeof details !== 'object') return null;
  const { reason, note } = details as { reason?: unknown; note?: unknown };
  if (typeof reason === 'string' && reason) return reason;
  if (typeof note === 'string' && note) return note;
  return null;
}
