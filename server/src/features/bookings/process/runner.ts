import { OptimisticLockError, UniqueConstraintViolationException } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Logger } from 'pino';
import type { Metrics } from '../../../platform/observability/metrics';
import type { Clock } from '../../../platform/shared/clock';
import { requireViewer, type ServiceContext, type Viewer } from '../../../platform/shared/context';
import { conflict, DomainError, forbidden, notFound } from '../../../platform/shared/errors';
import type { EventBus } from '../../../platform/shared/events';
import type { PaymentEventContext, PaymentProvider } from '../../payments';
import type { Profile } from '../../profiles';
import { UserRole } from '../../users';
import { Booking } from '../booking.entity';
import { untransferredOf } from '../ledger';
import { applyMove, type BookingMoveHandler, type Done } from './apply';
import type { BookingFacts } from './facts';
import type { Actor, BookingAction, DecidedMove, MoneyPlan, PendingMoneyStep, ProviderOutcome } from './booking.model';
import { claimMove, isStale, releaseClaim } from './claim';
import { planPaymentEffect } from './money-steps';
import { callProvider } from './provider-call';
import { readBooking, foundOf, type BookingRow, type FoundBooking } from './read';
import { finishAbandoned, staleClaimIds, staleStepOf, type RecoveryDeps } from './recovery';
import { decide, type TransitionFacts, type TransitionRule } from './transitions';

export interface TransitionDeps {
  clock: Clock;
  events: EventBus;
  provider: () => PaymentProvider;
  /** booking_transitions_total{transition} at /metrics. */
  metrics?: Pick<Metrics, 'bookingTransitions'>;
  logger?: Pick<Logger, 'warn'>;
  /** Every module's handlers of an applied move, run in its transaction. */
  moveHandlers?: () => readonly BookingMoveHandler[];
}

export interface TransitionRequest {
  action: BookingAction;
  /** The system (timers, provider events) or support staff act; otherwise the viewer as booker or creator. */
  as?: 'system' | 'support';
  /** Support's refund for a partial resolution. */
  refundCents?: number;
  /** Checked before anything moves (e.g. "a dispute needs a reason"); throw (or reject) to refuse. */
  validate?: (booking: Booking, rule: TransitionRule) => void | Promise<void>;
  /** The request's details for the action's own writes (plain JSON: they may be stored with a money step). */
  details?: unknown;
}

/** The booker's user id and the creator's user id: who hears about a change. */
export const partyUserIds = (booking: Booking, creator: Profile) => [booking.booker.id, creator.user.id];

export function partyRole(viewerId: string, booking: Booking, creator: Profile): 'booker' | 'creator' | null {
  if (creator.user.id === viewerId) return 'creator';
  if (booking.booker.id === viewerId) return 'booker';
  return null;
}

/** The facts every guard of the state machine may read. */
export function transitionFacts(args: {
  booking: Booking;
  creator: Profile;
  actor: Actor;
  now: Date;
  facts: BookingFacts;
  /** The acting user (whether they already reviewed); null for the system. */
  actingUserId: string | null;
}): TransitionFacts {
  return {
    now: args.now,
    actor: args.actor,
    booking: args.booking,
    hasDispute: args.facts.dispute !== null,
    untransferredCents: untransferredOf(args.facts.totals),
    payoutAccountReady: Boolean(args.creator.connectAccountId && args.creator.payoutsEnabled),
    reviewedByActor: args.actingUserId !== null && args.facts.reviewerIds.includes(args.actingUserId),
  };
}

export { STALE_MONEY_STEP_MS } from './claim';
/** How long a transition waits for another one's provider call on the same booking before answering CONFLICT. */
const BUSY_WAIT_MS = 5_000;
const BUSY_POLL_MS = 25;

type Begun =
  | { kind: 'done'; done: Done }
  /** `claimed`: the booking's row as the claim left it (no need to read it again). */
  | { kind: 'claimed'; step: PendingMoneyStep; claimed: BookingRow }
  | { kind: 'busy' }
  /** The booking changed between the read and the claim: decide again on a fresh read. */
  | { kind: 'changed' }
  | { kind: 'abandoned'; step: PendingMoneyStep };

/**
 * The one way a booking changes (Vendure's transition helper, as a function): read the booking,
 * ask the state machine, move the money, write the new state and the action's own data, then tell
 * both parties once it is committed.
 *
 * A move whose money goes through the payment provider never holds the booking's row lock (nor a
 * pooled connection) during the call, which may be a network round trip to Stripe and, with the
 * local provider, takes a connection of its own: (1) read, decide, plan the call and claim the
 * booking (`money_step`) with one update conditional on the version read (optimistic: the
 * booking's version moves with every change, so a claim on a stale decision does not land and the
 * move is decided again); (2) call the provider with the step's idempotency key; (3) record the
 * ledger entries and the new state and clear the claim, in one transaction conditional on the
 * claim's version. Other moves of the booking wait while it is claimed. A refused call clears the
 * claim and changes nothing. A claim left by a crash between (1) and (3) is finished by the sweep,
 * under the row lock, with the same call (the key makes the provider answer with what it already
 * did, so money moves once), the rule's state change and the action's own writes from the details
 * kept in the step. A move without a provider call is decided and applied under the row lock.
 */
export class TransitionRunner {
  constructor(private readonly deps: TransitionDeps) {}

  private moveHandlers(): readonly BookingMoveHandler[] {
    return this.deps.moveHandlers?.() ?? [];
  }

  async run(ctx: ServiceContext, bookingId: string, req: TransitionRequest): Promise<Booking> {
    const viewer = req.as === 'system' ? null : requireViewer(ctx);
    const now = this.deps.clock.now();
    const waitUntil = Date.now() + BUSY_WAIT_MS;
    let done: Done;
    for (;;) {
      const begun = await this.begin(ctx.em, bookingId, req, viewer, now);
      if (begun.kind === 'done') {
        done = begun.done;
        break;
      }
      if (begun.kind === 'claimed') {
        if (ctx.em.isInTransaction()) {
          // The claim would only be a savepoint and the call would hold the caller's locks and connection.
          throw new Error('A booking move that calls the payment provider must not run inside a transaction');
        }
        done = await this.carryOut(ctx.em, bookingId, begun.step, begun.claimed);
        break;
      }
      if (begun.kind === 'abandoned') {
        await this.recover(ctx.em, bookingId, begun.step);
        continue;
      }
      if (begun.kind === 'changed') continue;
      if (Date.now() >= waitUntil) throw conflict('This booking is being updated right now. Please try again in a moment.');
      await sleep(BUSY_POLL_MS);
    }
    this.deps.metrics?.bookingTransitions.inc({ transition: req.action });

    const publish = () => this.publish(done);
    const afterCommit = (ctx as Partial<PaymentEventContext>).afterCommit;
    if (afterCommit) afterCommit(publish);
    else await publish();
    return done.booking;
  }

  /**
   * Whether the viewer may make `action` now, without making it: throws what `run` would
   * (FORBIDDEN, INVALID_TRANSITION with the reason). For moves prepared elsewhere and made later
   * (a proposed time is checked here, then applied by RESCHEDULE when the booker accepts it).
   */
  async check(ctx: ServiceContext, bookingId: string, action: BookingAction): Promise<void> {
    const viewer = requireViewer(ctx);
    const found = await readBooking(ctx.em, bookingId, { forUpdate: false });
    if (!found) throw notFound('Booking not found');
    const { booking, creator, facts } = found;
    const actor = actorFor(undefined, viewer, booking, creator);
    decide(action, transitionFacts({ booking, creator, actor, now: this.deps.clock.now(), facts, actingUserId: viewer.id }));
  }

  /** For timers and provider events: a move that is no longer allowed (already made, or not due) is skipped. */
  async runIfAllowed(ctx: ServiceContext, bookingId: string, req: TransitionRequest): Promise<Booking | null> {
    try {
      return await this.run(ctx, bookingId, req);
    } catch (err) {
      if (err instanceof DomainError && err.code === 'INVALID_TRANSITION') return null;
      throw err;
    }
  }

  /**
   * The sweep for provider calls left behind by a crash: every step claimed before `now` minus
   * the stale limit is finished (or, if the provider refuses it now, released). Returns how many.
   */
  async finishAbandonedSteps(em: EntityManager, now: Date): Promise<number> {
    let finished = 0;
    for (const id of await staleClaimIds(em, now)) {
      const step = await staleStepOf(em, id, now);
      if (step && (await this.recover(em, id, step))) finished += 1;
    }
    return finished;
  }

  /**
   * (1) Decide on the booking as read, without a lock or a transaction; a move that calls the
   * provider is then claimed by one conditional update, which only lands if the booking's version
   * is still the one decided on (every change of a booking, its money or its dispute bumps it):
   * otherwise the move is decided again on a fresh read. A move without a call is decided again
   * and applied under the row lock.
   */
  private async begin(root: EntityManager, bookingId: string, req: TransitionRequest, viewer: Viewer | null, now: Date): Promise<Begun> {
    const read = await readBooking(root, bookingId, { forUpdate: false });
    if (!read) throw notFound('Booking not found');
    const { booking } = read;
    if (booking.moneyStep) return this.waitFor(booking.moneyStep);
    const { plan, move } = await this.decideMove(read, req, viewer, now);
    if (!plan.call) return root.transactional((em) => this.beginLocked(em, bookingId, req, viewer, now));
    const step: PendingMoneyStep = { ...plan, call: plan.call, ...move };
    const claimed = await claimMove(root, read, step);
    return claimed ? { kind: 'claimed', step, claimed } : { kind: 'changed' };
  }

  /**
   * (1) for a move without a provider call: decided again and applied under the row lock. If the
   * booking changed since the read so that the move now needs a call, it goes back to the claim.
   */
  private async beginLocked(em: EntityManager, bookingId: string, req: TransitionRequest, viewer: Viewer | null, now: Date): Promise<Begun> {
    const locked = await readBooking(em, bookingId, { forUpdate: true });
    if (!locked) throw notFound('Booking not found');
    const { booking, creator, facts, bookerName } = locked;
    if (booking.moneyStep) return this.waitFor(booking.moneyStep);
    const { plan, move } = await this.decideMove(locked, req, viewer, now);
    if (plan.call) return { kind: 'changed' };
    return { kind: 'done', done: await applyMove(em, booking, creator, facts.totals, { ...plan, ...move }, null, this.moveHandlers(), { bookerName }) };
  }

  /** What the state machine allows the request to do to the booking as read, and the money it moves. */
  private async decideMove(found: FoundBooking, req: TransitionRequest, viewer: Viewer | null, now: Date): Promise<{ plan: MoneyPlan; move: DecidedMove }> {
    const { booking, creator, facts: known } = found;
    const actor = actorFor(req.as, viewer, booking, creator);
    const facts = transitionFacts({ booking, creator, actor, now, facts: known, actingUserId: viewer?.id ?? null });
    const rule = decide(req.action, facts);
    await req.validate?.(booking, rule);
    const plan = planPaymentEffect(rule.effect, { booking, creator, totals: known.totals, requestedRefundCents: req.refundCents });
    const move: DecidedMove = { action: req.action, details: req.details ?? null, actor, to: rule.to, viewerId: viewer?.id ?? null, decidedAt: now.toISOString() };
    return { plan, move };
  }

  /** Another move's provider call is under way: wait for it, or take it over when its claim is stale. */
  private waitFor(step: PendingMoneyStep): Begun {
    return isStale(step, this.deps.clock.now()) ? { kind: 'abandoned', step } : { kind: 'busy' };
  }

  /** (2) and (3): the provider call outside any transaction, then its record. */
  private async carryOut(root: EntityManager, bookingId: string, step: PendingMoneyStep, claimed: BookingRow): Promise<Done> {
    let outcome: ProviderOutcome;
    try {
      outcome = await callProvider(this.deps.provider(), step.call);
    } catch (err) {
      await releaseClaim(root, bookingId, step);
      throw err;
    }
    let done: Done | null;
    try {
      done = await root.transactional((em) => this.recordClaimed(em, claimed, step, outcome));
    } catch (err) {
      // Written without a lock, a claim the sweep finished (or released) meanwhile shows as a newer
      // version of the booking, or as this move's ledger entries already there (their keys are unique).
      if (!(err instanceof OptimisticLockError || err instanceof UniqueConstraintViolationException)) throw err;
      done = null;
    }
    if (!done) throw conflict('This booking was changed while its payment was processed. Please reload it.');
    return done;
  }

  /** Recovery of a crashed claim (recovery.ts), then the parties are told. Whether it was finished. */
  private async recover(root: EntityManager, bookingId: string, step: PendingMoneyStep): Promise<boolean> {
    const done = await finishAbandoned(this.recoveryDeps(), root, bookingId, step);
    if (!done) return false;
    await this.publish(done);
    return true;
  }

  private recoveryDeps(): RecoveryDeps {
    return { provider: this.deps.provider, logger: this.deps.logger, moveHandlers: () => this.moveHandlers() };
  }

  /** Tells both parties (and, when hours were freed, the creator page) once the move is committed. */
  private async publish(done: Done): Promise<void> {
    // Published together: the event bus sends them (and the outbox's wake-up) in one statement.
    await Promise.all([
      this.deps.events.publish('bookingUpdated', { bookingId: done.booking.id, partyUserIds: partyUserIds(done.booking, done.creator) }),
      ...(done.freedSlots ? [this.deps.events.publish('slotsChanged', { creatorId: done.creator.id })] : []),
    ]);
  }

  /**
   * (3) the booking is as the claim left it (no other move runs
   * while it is claimed), so it is written without reading it again. The write is conditional on the
   * claim's version and the ledger entries' keys are unique: it fails if the claim was finished or released meanwhile.
   */
  private recordClaimed(em: EntityManager, claimed: BookingRow, step: PendingMoneyStep, outcome: ProviderOutcome): Promise<Done> {
    const { booking, creator, facts, bookerName } = foundOf(em, claimed);
    return applyMove(em, booking, creator, facts.totals, step, outcome, this.moveHandlers(), { bookerName });
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function actorFor(as: TransitionRequest['as'], viewer: Viewer | null, booking: Booking, creator: Profile): Actor {
  if (as === 'system') return 'system';
  if (as === 'support' && viewer?.role === UserRole.SUPPORT) return 'support';
  const role = viewer ? partyRole(viewer.id, booking, creator) : null;
  if (!role) throw forbidden(as === 'support' ? 'Only support staff can do this' : 'You are not a party to this booking');
  return role;
}
