import { forbidden, invalidTransition } from '../../../platform/shared/errors';
import type { Booking } from '../booking.entity';
import { automaticPayoutAt, isLateCancellation, requestDeadline } from './policy';
import { BookingAction, BookingStatus, PaymentStatus, type Actor, type BookingState, type PaymentEffect } from './booking.model';

/**
 * The booking process as data (docs/architecture.md, "Feature notes"): every move a booking can make, who may make it,
 * from which (status, payment) pairs, under which time and fact guards, to which pair, and the
 * money movement it causes. Nothing else in the code decides whether a move is allowed: the
 * transition runner, the timers, the webhook handler and `availableActions` all ask `decide`.
 */

/** What a guard may look at: the booking, the clock and facts the runner loads. */
export interface TransitionFacts {
  now: Date;
  actor: Actor;
  booking: Pick<
    Booking,
    | 'status' | 'paymentStatus' | 'startTime' | 'endTime' | 'confirmationDeadline' | 'checkoutExpiresAt' | 'authorizedAt'
    | 'createdAt' | 'allocatedAt' | 'policy' | 'creatorConfirmed' | 'bookerConfirmed' | 'transferId' | 'paidOutAt'
  >;
  /** A dispute was opened on this booking before (there is at most one). */
  hasDispute: boolean;
  /** Creator allocation not yet transferred, in cents. */
  untransferredCents: number;
  /** The creator's connected account can receive payouts. */
  payoutAccountReady: boolean;
  /** The acting party already reviewed this booking. */
  reviewedByActor: boolean;
}

/** Returns null when satisfied, otherwise the human reason the move is refused. */
type Guard = (f: TransitionFacts) => string | null;

export interface TransitionRule {
  action: BookingAction;
  actors: readonly Actor[];
  from: readonly BookingState[];
  guards: readonly Guard[];
  /** Omitted parts stay as they are. */
  to: Partial<BookingState>;
  effect: PaymentEffect;
}

const state = (status: BookingStatus, payment: PaymentStatus): BookingState => ({ status, payment });
const PENDING_UNPAID = state(BookingStatus.PENDING, PaymentStatus.UNPAID);
const PENDING_HELD = state(BookingStatus.PENDING, PaymentStatus.HELD);
const CONFIRMED = state(BookingStatus.CONFIRMED, PaymentStatus.HELD);
const DISPUTED = state(BookingStatus.DISPUTED, PaymentStatus.DISPUTED);
const CANCELLED_REFUNDED = state(BookingStatus.CANCELLED, PaymentStatus.REFUNDED);
const ALLOCATED = [state(BookingStatus.COMPLETED, PaymentStatus.ALLOCATED), state(BookingStatus.AUTO_COMPLETED, PaymentStatus.ALLOCATED)];
const RELEASED = [state(BookingStatus.COMPLETED, PaymentStatus.RELEASED), state(BookingStatus.AUTO_COMPLETED, PaymentStatus.RELEASED)];
const FINISHED = [...ALLOCATED, ...RELEASED, state(BookingStatus.COMPLETED, PaymentStatus.PAID_OUT), state(BookingStatus.AUTO_COMPLETED, PaymentStatus.PAID_OUT)];

const nowMs = (f: TransitionFacts) => f.now.getTime();
const guard = (ok: (f: TransitionFacts) => boolean, message: string): Guard => (f) => (ok(f) ? null : message);

const when = {
  checkoutOpen: guard((f) => nowMs(f) < f.booking.checkoutExpiresAt.getTime(), 'This checkout has expired. Please book again.'),
  checkoutExpired: guard((f) => nowMs(f) >= f.booking.checkoutExpiresAt.getTime(), 'The checkout is still open'),
  requestOpen: guard((f) => nowMs(f) < requestDeadline(f.booking).getTime(), 'This booking request has expired'),
  requestExpired: guard((f) => nowMs(f) >= requestDeadline(f.booking).getTime(), 'The booking request is still open'),
  beforeStart: guard((f) => nowMs(f) < f.booking.startTime.getTime(), 'A booking can only be cancelled before its start time'),
  fullNotice: guard((f) => !isLateCancellation(f.booking, f.now), 'Less than the full-refund notice remains'),
  moveNotice: guard(
    (f) => !isLateCancellation(f.booking, f.now),
    'A confirmed booking can be moved free of charge until the full-refund notice before its start; after that, cancel it under the cancellation policy',
  ),
  lateNotice: guard((f) => isLateCancellation(f.booking, f.now), 'The full-refund notice has not passed yet'),
  started: guard((f) => nowMs(f) >= f.booking.startTime.getTime(), 'Completion can be confirmed once the session has started'),
  notConfirmedYet: guard(
    (f) => !(f.actor === 'creator' ? f.booking.creatorConfirmed : f.booking.bookerConfirmed),
    'You have already confirmed completion',
  ),
  otherPartyPending: guard((f) => !(f.actor === 'creator' ? f.booking.bookerConfirmed : f.booking.creatorConfirmed), 'The other party has confirmed'),
  otherPartyConfirmed: guard((f) => (f.actor === 'creator' ? f.booking.bookerConfirmed : f.booking.creatorConfirmed), 'The other party has not confirmed yet'),
  deadlinePassed: guard((f) => nowMs(f) >= f.booking.confirmationDeadline.getTime(), 'The confirmation window is still open'),
  beforeDeadline: guard(
    (f) => nowMs(f) < f.booking.confirmationDeadline.getTime(),
    'Disputes can only be opened before the confirmation deadline',
  ),
  disputeAfterStart: guard(
    (f) => nowMs(f) >= f.booking.startTime.getTime(),
    'A dispute can be opened once the session has started; before that, cancel the booking',
  ),
  noEarlierDispute: guard((f) => !f.hasDispute, 'This booking already had a dispute'),
  noShowAfterStart: guard((f) => nowMs(f) >= f.booking.startTime.getTime(), 'A no-show can only be reported once the session has started'),
  somethingToPay: guard((f) => f.untransferredCents > 0, 'There is nothing left to pay out for this booking'),
  payoutAccountReady: guard((f) => f.payoutAccountReady, 'Set up your payout account before requesting a payout'),
  payoutDue: guard((f) => {
    const due = automaticPayoutAt(f.booking);
    return due !== null && nowMs(f) >= due.getTime();
  }, 'The payout is not due yet'),
  transferMade: guard((f) => Boolean(f.booking.transferId) && !f.booking.paidOutAt, 'No transfer is waiting for its payout'),
  notReviewedYet: guard((f) => !f.reviewedByActor, 'You have already reviewed this booking'),
} satisfies Record<string, Guard>;

const PARTIES = ['booker', 'creator'] as const;

/** The table. Where several rows share action, actor and state, the first whose guards pass wins. */
export const TRANSITIONS: readonly TransitionRule[] = [
  // Checkout and authorization.
  { action: BookingAction.PAY, actors: ['booker'], from: [PENDING_UNPAID], guards: [when.checkoutOpen], to: {}, effect: { kind: 'none' } },
  { action: BookingAction.AUTHORIZE, actors: ['system'], from: [PENDING_UNPAID], guards: [], to: { payment: PaymentStatus.HELD }, effect: { kind: 'none' } },
  {
    action: BookingAction.EXPIRE_CHECKOUT, actors: ['system'], from: [PENDING_UNPAID], guards: [when.checkoutExpired],
    to: { status: BookingStatus.CANCELLED, payment: PaymentStatus.VOIDED }, effect: { kind: 'cancelAuthorization' },
  },
  // The creator answers the request.
  // A proposed time accepted by the booker: the same hold and price, other hours (the hours move in the action's own writes).
  { action: BookingAction.RESCHEDULE, actors: ['booker'], from: [PENDING_HELD], guards: [when.requestOpen], to: {}, effect: { kind: 'none' } },
  // The creator offers other hours instead of answering: nothing moves until the booker accepts them (RESCHEDULE).
  { action: BookingAction.PROPOSE_TIME, actors: ['creator'], from: [PENDING_HELD], guards: [when.requestOpen], to: {}, effect: { kind: 'none' } },
  {
    action: BookingAction.ACCEPT, actors: ['creator'], from: [PENDING_HELD], guards: [when.requestOpen],
    to: { status: BookingStatus.CONFIRMED, payment: PaymentStatus.HELD }, effect: { kind: 'capture' },
  },
  // One yes from each side: the creator's proposed time, accepted by the booker (RESCHEDULE), is the
  // creator's yes too, so the request is accepted right after the move (the system carries it out).
  {
    action: BookingAction.ACCEPT, actors: ['system'], from: [PENDING_HELD], guards: [when.requestOpen],
    to: { status: BookingStatus.CONFIRMED, payment: PaymentStatus.HELD }, effect: { kind: 'capture' },
  },
  // Moving a confirmed booking: either party proposes other hours (free of charge while the
  // full-refund notice remains, the same length so the same price), the other accepts (RESCHEDULE).
  { action: BookingAction.PROPOSE_TIME, actors: PARTIES, from: [CONFIRMED], guards: [when.beforeStart, when.moveNotice], to: {}, effect: { kind: 'none' } },
  { action: BookingAction.RESCHEDULE, actors: PARTIES, from: [CONFIRMED], guards: [when.beforeStart], to: {}, effect: { kind: 'none' } },
  {
    action: BookingAction.DECLINE, actors: ['creator'], from: [PENDING_HELD], guards: [when.requestOpen],
    to: { status: BookingStatus.CANCELLED, payment: PaymentStatus.VOIDED }, effect: { kind: 'cancelAuthorization' },
  },
  {
    action: BookingAction.EXPIRE_REQUEST, actors: ['system'], from: [PENDING_HELD], guards: [when.requestExpired],
    to: { status: BookingStatus.CANCELLED, payment: PaymentStatus.VOIDED }, effect: { kind: 'cancelAuthorization' },
  },
  // Cancellation before the start.
  {
    action: BookingAction.CANCEL, actors: PARTIES, from: [PENDING_UNPAID, PENDING_HELD], guards: [when.beforeStart],
    to: { status: BookingStatus.CANCELLED, payment: PaymentStatus.VOIDED }, effect: { kind: 'cancelAuthorization' },
  },
  {
    action: BookingAction.CANCEL, actors: ['booker'], from: [CONFIRMED], guards: [when.beforeStart, when.fullNotice],
    to: { status: BookingStatus.CANCELLED, payment: PaymentStatus.REFUNDED }, effect: { kind: 'settle', refund: 'all' },
  },
  {
    action: BookingAction.CANCEL, actors: ['booker'], from: [CONFIRMED], guards: [when.beforeStart, when.lateNotice],
    to: { status: BookingStatus.CANCELLED, payment: PaymentStatus.REFUNDED }, effect: { kind: 'settle', refund: 'lateCancel' },
  },
  {
    action: BookingAction.CANCEL, actors: ['creator'], from: [CONFIRMED], guards: [when.beforeStart],
    to: { status: BookingStatus.CANCELLED, payment: PaymentStatus.REFUNDED }, effect: { kind: 'settle', refund: 'all' },
  },
  // Completion.
  {
    action: BookingAction.CONFIRM_COMPLETION, actors: PARTIES, from: [CONFIRMED], guards: [when.started, when.notConfirmedYet, when.otherPartyPending],
    to: {}, effect: { kind: 'none' },
  },
  {
    action: BookingAction.CONFIRM_COMPLETION, actors: PARTIES, from: [CONFIRMED], guards: [when.started, when.notConfirmedYet, when.otherPartyConfirmed],
    to: { status: BookingStatus.COMPLETED, payment: PaymentStatus.ALLOCATED }, effect: { kind: 'settle', refund: 'none' },
  },
  {
    action: BookingAction.AUTO_COMPLETE, actors: ['system'], from: [CONFIRMED], guards: [when.deadlinePassed],
    to: { status: BookingStatus.AUTO_COMPLETED, payment: PaymentStatus.ALLOCATED }, effect: { kind: 'settle', refund: 'none' },
  },
  // A delivery approved by the booker, or by the approval window's lapse (features/deliveries checks the delivery in the move).
  {
    action: BookingAction.APPROVE_DELIVERY, actors: ['booker'], from: [CONFIRMED], guards: [],
    to: { status: BookingStatus.COMPLETED, payment: PaymentStatus.ALLOCATED }, effect: { kind: 'settle', refund: 'none' },
  },
  {
    action: BookingAction.APPROVE_DELIVERY, actors: ['system'], from: [CONFIRMED], guards: [],
    to: { status: BookingStatus.AUTO_COMPLETED, payment: PaymentStatus.ALLOCATED }, effect: { kind: 'settle', refund: 'none' },
  },
  // Disputes.
  {
    action: BookingAction.REPORT_NO_SHOW, actors: ['booker'], from: [CONFIRMED], guards: [when.noShowAfterStart, when.beforeDeadline, when.noEarlierDispute],
    to: { status: BookingStatus.CANCELLED, payment: PaymentStatus.REFUNDED }, effect: { kind: 'settle', refund: 'all' },
  },
  {
    action: BookingAction.OPEN_DISPUTE, actors: PARTIES, from: [CONFIRMED], guards: [when.disputeAfterStart, when.beforeDeadline, when.noEarlierDispute],
    to: { status: BookingStatus.DISPUTED, payment: PaymentStatus.DISPUTED }, effect: { kind: 'none' },
  },
  {
    action: BookingAction.OPEN_DISPUTE, actors: PARTIES, from: ALLOCATED, guards: [when.beforeDeadline, when.noEarlierDispute],
    to: { status: BookingStatus.DISPUTED, payment: PaymentStatus.DISPUTED }, effect: { kind: 'unallocate' },
  },
  {
    action: BookingAction.RESOLVE_REFUND_FULL, actors: ['support'], from: [DISPUTED], guards: [],
    to: { status: BookingStatus.CANCELLED, payment: PaymentStatus.REFUNDED }, effect: { kind: 'settle', refund: 'all' },
  },
  {
    action: BookingAction.RESOLVE_REFUND_PARTIAL, actors: ['support'], from: [DISPUTED], guards: [],
    to: { status: BookingStatus.COMPLETED, payment: PaymentStatus.ALLOCATED }, effect: { kind: 'settle', refund: 'requested' },
  },
  {
    action: BookingAction.RESOLVE_RELEASE, actors: ['support'], from: [DISPUTED], guards: [],
    to: { status: BookingStatus.COMPLETED, payment: PaymentStatus.ALLOCATED }, effect: { kind: 'settle', refund: 'none' },
  },
  // Payouts: the creator on demand, the system once due. A late cancellation leaves the creator
  // a share on a cancelled booking; the system pays that out too, without changing its status.
  {
    action: BookingAction.REQUEST_PAYOUT, actors: ['creator'], from: ALLOCATED, guards: [when.somethingToPay, when.payoutAccountReady],
    to: { payment: PaymentStatus.RELEASED }, effect: { kind: 'transfer' },
  },
  {
    action: BookingAction.REQUEST_PAYOUT, actors: ['system'], from: ALLOCATED, guards: [when.payoutDue, when.somethingToPay, when.payoutAccountReady],
    to: { payment: PaymentStatus.RELEASED }, effect: { kind: 'transfer' },
  },
  {
    action: BookingAction.REQUEST_PAYOUT, actors: ['system'], from: [CANCELLED_REFUNDED], guards: [when.payoutDue, when.somethingToPay, when.payoutAccountReady],
    to: {}, effect: { kind: 'transfer' },
  },
  { action: BookingAction.PAYOUT_PAID, actors: ['system'], from: RELEASED, guards: [], to: { payment: PaymentStatus.PAID_OUT }, effect: { kind: 'markPaidOut' } },
  {
    action: BookingAction.PAYOUT_PAID, actors: ['system'], from: [CANCELLED_REFUNDED], guards: [when.transferMade],
    to: {}, effect: { kind: 'markPaidOut' },
  },
  // Reviews change nothing here; the reviews feature asks whether the move is allowed.
  { action: BookingAction.REVIEW, actors: PARTIES, from: FINISHED, guards: [when.notReviewedYet], to: {}, effect: { kind: 'none' } },
];

const VERBS: Record<BookingAction, string> = {
  [BookingAction.PAY]: 'paid for',
  [BookingAction.AUTHORIZE]: 'paid for',
  [BookingAction.EXPIRE_CHECKOUT]: 'expired',
  [BookingAction.ACCEPT]: 'accepted',
  [BookingAction.DECLINE]: 'declined',
  [BookingAction.EXPIRE_REQUEST]: 'expired',
  [BookingAction.CANCEL]: 'cancelled',
  [BookingAction.CONFIRM_COMPLETION]: 'marked complete',
  [BookingAction.AUTO_COMPLETE]: 'completed',
  [BookingAction.OPEN_DISPUTE]: 'disputed',
  [BookingAction.REPORT_NO_SHOW]: 'reported as a no-show',
  [BookingAction.RESOLVE_REFUND_FULL]: 'resolved',
  [BookingAction.RESOLVE_REFUND_PARTIAL]: 'resolved',
  [BookingAction.RESOLVE_RELEASE]: 'resolved',
  [BookingAction.REQUEST_PAYOUT]: 'paid out',
  [BookingAction.PAYOUT_PAID]: 'marked paid out',
  [BookingAction.REVIEW]: 'reviewed',
  [BookingAction.RESCHEDULE]: 'moved to another time',
  [BookingAction.PROPOSE_TIME]: 'offered another time',
  [BookingAction.APPROVE_DELIVERY]: 'approved',
};

const WHO: Record<Actor, string> = { booker: 'the booker', creator: 'the creator', system: 'the system', support: 'support staff' };

function describeState(state: BookingState): string {
  if (state.status === BookingStatus.PENDING) return state.payment === PaymentStatus.UNPAID ? 'awaiting payment' : "awaiting the creator's answer";
  if (state.status === BookingStatus.DISPUTED) return 'under dispute';
  if (state.status === BookingStatus.AUTO_COMPLETED || state.status === BookingStatus.COMPLETED) {
    if (state.payment === PaymentStatus.RELEASED || state.payment === PaymentStatus.PAID_OUT) return 'completed and paid out';
    return 'completed';
  }
  return state.status;
}

/**
 * Picks the rule for `action` by `facts.actor`, or throws: FORBIDDEN when this actor may never
 * make the move, INVALID_TRANSITION (with the reason) when the state or the time is wrong.
 */
export function decide(action: BookingAction, facts: TransitionFacts): TransitionRule {
  const ruling = rule(action, facts);
  if ('rule' in ruling) return ruling.rule;
  throw ruling.refused === 'FORBIDDEN' ? forbidden(ruling.reason()) : invalidTransition(ruling.reason());
}

/**
 * `decide` without throwing: `can` asks it for every action of every listed booking, and an
 * error per ruled-out move (with its stack trace) was a visible share of a busy server's CPU.
 */
function rule(
  action: BookingAction,
  facts: TransitionFacts,
): { rule: TransitionRule } | { refused: 'FORBIDDEN' | 'INVALID_TRANSITION'; reason: () => string } {
  const rules = TRANSITIONS.filter((r) => r.action === action);
  const mine = rules.filter((r) => r.actors.includes(facts.actor));
  if (mine.length === 0) {
    // The refusal names the people who may act; the system's own moves (timers, a settled proposal) are not theirs to ask for.
    const allowed = () => {
      const actors = [...new Set(rules.flatMap((r) => r.actors))];
      const people = actors.filter((a) => a !== 'system');
      return (people.length > 0 ? people : actors).map((a) => WHO[a]).join(' or ');
    };
    return { refused: 'FORBIDDEN', reason: () => `Only ${allowed()} can do this` };
  }
  const state = { status: facts.booking.status, payment: facts.booking.paymentStatus };
  const here = mine.filter((r) => r.from.some((f) => f.status === state.status && f.payment === state.payment));
  if (here.length === 0) {
    return { refused: 'INVALID_TRANSITION', reason: () => `This booking can't be ${VERBS[action]}: it is ${describeState(state)}` };
  }
  let reason: string | null = null;
  for (const candidate of here) {
    const failed = candidate.guards.map((g) => g(facts)).find((m) => m !== null) ?? null;
    if (failed === null) return { rule: candidate };
    reason ??= failed;
  }
  return { refused: 'INVALID_TRANSITION', reason: () => reason ?? `This booking can't be ${VERBS[action]} now` };
}

/** True when `decide` would pick a rule. */
export function can(action: BookingAction, facts: TransitionFacts): boolean {
  return 'rule' in rule(action, facts);
}

/** The moves a party may make now, in table order. */
export const PARTY_ACTIONS = [
  BookingAction.PAY,
  BookingAction.ACCEPT,
  BookingAction.DECLINE,
  BookingAction.PROPOSE_TIME,
  BookingAction.CANCEL,
  BookingAction.CONFIRM_COMPLETION,
  BookingAction.OPEN_DISPUTE,
  BookingAction.REPORT_NO_SHOW,
  BookingAction.REQUEST_PAYOUT,
  BookingAction.REVIEW,
] as const;

/**
 * The moves the viewer may make now. A payout whose only obstacle is the creator's missing payout
 * account stays listed, so pressing it explains what to set up instead of hiding the button.
 */
export function availableActions(facts: TransitionFacts): BookingAction[] {
  const moves = PARTY_ACTIONS.filter((a) => can(a, a === BookingAction.REQUEST_PAYOUT ? { ...facts, payoutAccountReady: true } : facts));
  // A creator answers a request with Accept or Decline; their cancel of it is the same move as
  // Decline (the hold is released), so it is not offered a second time.
  return moves.includes(BookingAction.DECLINE) ? moves.filter((a) => a !== BookingAction.CANCEL) : moves;
}
