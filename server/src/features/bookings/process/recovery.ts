import { LockMode } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Logger } from 'pino';
import type { PaymentProvider } from '../../payments';
import { Booking } from '../booking.entity';
import { applyMove, type BookingMoveHandler, type Done } from './apply';
import type { PendingMoneyStep, ProviderOutcome } from './booking.model';
import { isStale, releaseClaim, sameStep, STALE_MONEY_STEP_MS } from './claim';
import { callProvider } from './provider-call';
import { readBooking } from './read';

/**
 * Recovery of a crashed claim: a move that died between its claim and its record left its step on
 * the booking. It is finished, under the row lock, with the same call (the idempotency key makes
 * the provider answer with what it already did, so money moves once), the rule's state change and
 * the action's own writes from the details kept in the step; a call the provider refuses now is
 * released.
 */

export interface RecoveryDeps {
  provider: () => PaymentProvider;
  logger?: Pick<Logger, 'warn'>;
  moveHandlers: () => readonly BookingMoveHandler[];
}

/** Bookings whose claim is older than the stale limit (at most 100 per sweep). */
export async function staleClaimIds(em: EntityManager, now: Date): Promise<string[]> {
  const rows: { id: string }[] = await em.execute(
    `select id from bookings where money_step is not null and (money_step->>'decidedAt')::timestamptz <= ? order by id limit 100`,
    [new Date(now.getTime() - STALE_MONEY_STEP_MS)],
  );
  return rows.map((row) => row.id);
}

/** The booking's claimed step, read under its row lock, if it is (still) stale. */
export function staleStepOf(em: EntityManager, bookingId: string, now: Date): Promise<PendingMoneyStep | null> {
  return em.transactional(async (tx) => {
    const booking = await tx.findOne(Booking, { id: bookingId }, { lockMode: LockMode.PESSIMISTIC_WRITE, refresh: true });
    return booking?.moneyStep && isStale(booking.moneyStep, now) ? booking.moneyStep : null;
  });
}

/** Finishes a claim whose transition died mid-call: the same call again, then the rule's state change. The applied move, or null. */
export async function finishAbandoned(deps: RecoveryDeps, root: EntityManager, bookingId: string, step: PendingMoneyStep): Promise<Done | null> {
  let outcome: ProviderOutcome;
  try {
    outcome = await callProvider(deps.provider(), step.call);
  } catch (err) {
    // Refused now, so the first attempt moved nothing either (a replayed key repeats its answer).
    deps.logger?.warn({ err, bookingId, step }, 'an abandoned payment step was refused by the provider; released');
    await releaseClaim(root, bookingId, step);
    return null;
  }
  const done = await root.transactional((em) => recordUnderLock(deps, em, bookingId, step, outcome));
  if (!done) return null;
  deps.logger?.warn({ bookingId, action: step.action }, 'an abandoned payment step was finished');
  return done;
}

/** Records a carried-out step under the row lock if the booking still holds this very claim (null otherwise). */
async function recordUnderLock(deps: RecoveryDeps, em: EntityManager, bookingId: string, step: PendingMoneyStep, outcome: ProviderOutcome): Promise<Done | null> {
  const locked = await readBooking(em, bookingId, { forUpdate: true });
  if (!locked || !sameStep(locked.booking.moneyStep, step)) return null;
  return applyMove(em, locked.booking, locked.creator, locked.facts.totals, step, outcome, deps.moveHandlers(), { bookerName: locked.bookerName });
}
