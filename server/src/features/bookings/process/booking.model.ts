/**
 * The booking's own vocabulary as plain data, in one file that imports nothing of the feature:
 * its statuses, the policy snapshot, the process's actions and actors, the money movement of a
 * move and the provider step kept on the booking while a call is in flight. The entity, the state
 * machine, the money steps and the GraphQL types all read from here.
 */

export enum BookingStatus {
  PENDING = 'pending',
  CONFIRMED = 'confirmed',
  COMPLETED = 'completed',
  AUTO_COMPLETED = 'auto_completed',
  CANCELLED = 'cancelled',
  DISPUTED = 'disputed',
}

export enum PaymentStatus {
  UNPAID = 'unpaid',
  HELD = 'held',
  ALLOCATED = 'allocated',
  RELEASED = 'released',
  PAID_OUT = 'paid_out',
  VOIDED = 'voided',
  REFUNDED = 'refunded',
  DISPUTED = 'disputed',
}

/** The policy in force when the booking was made (snapshotted so later changes never apply retroactively). */
export interface BookingPolicy {
  feePercent: number;
  fullRefundHours: number;
  lateCancelRefundPercent: number;
  checkoutHoldMinutes: number;
  requestExpiryHours: number;
  confirmationWindowHours: number;
  payoutDelayBusinessDays: number;
}

export enum BookingAction {
  PAY = 'pay',
  AUTHORIZE = 'authorize',
  EXPIRE_CHECKOUT = 'expire_checkout',
  ACCEPT = 'accept',
  DECLINE = 'decline',
  EXPIRE_REQUEST = 'expire_request',
  CANCEL = 'cancel',
  CONFIRM_COMPLETION = 'confirm_completion',
  AUTO_COMPLETE = 'auto_complete',
  OPEN_DISPUTE = 'open_dispute',
  REPORT_NO_SHOW = 'report_no_show',
  RESOLVE_REFUND_FULL = 'resolve_refund_full',
  RESOLVE_REFUND_PARTIAL = 'resolve_refund_partial',
  RESOLVE_RELEASE = 'resolve_release',
  REQUEST_PAYOUT = 'request_payout',
  PAYOUT_PAID = 'payout_paid',
  REVIEW = 'review',
  /** The booker accepts the creator's proposed time: the pending request moves to the new hours (features/conversations). */
  RESCHEDULE = 'reschedule',
  /** The creator offers other hours for a pending request (a proposal in the thread; the booker answers it with RESCHEDULE). */
  PROPOSE_TIME = 'propose_time',
  /**
   * The booker approves what the creator delivered (or the approval window lapses: the system): the booking completes and the
   * creator's share is allocated, as a completion does (features/deliveries asks for it with the delivery it approves).
   */
  APPROVE_DELIVERY = 'approve_delivery',
}

export type Actor = 'booker' | 'creator' | 'system' | 'support';

/** The short list of reasons a cancellation gives (with free text beside it), and how people read each. */
export const CANCELLATION_REASONS = {
  schedule_conflict: 'Schedule conflict',
  plans_changed: 'Plans changed',
  budget: 'Budget or approval',
  found_alternative: 'Found another option',
  illness_or_emergency: 'Illness or emergency',
  technical_issue: 'Technical issue',
  not_a_fit: 'Not a good fit',
  other: 'Other',
} as const;

export type CancellationReasonCode = keyof typeof CANCELLATION_REASONS;
export const CANCELLATION_REASON_CODES = Object.keys(CANCELLATION_REASONS) as CancellationReasonCode[];

export interface BookingState {
  status: BookingStatus;
  payment: PaymentStatus;
}

/**
 * Money movement of a transition (carried out by money-steps.ts):
 * - cancelAuthorization: release the card hold (nothing was captured)
 * - capture: take the authorized money; it then sits with the platform
 * - settle: split the money still in escrow into refund / fee / creator allocation;
 *   `refund` says how much goes back (none, all, the late-cancel share, or support's amount)
 * - unallocate: a dispute takes an allocated share back into escrow
 * - transfer: move the creator's untransferred allocation to their connected account
 */
export type PaymentEffect =
  | { kind: 'none' }
  | { kind: 'cancelAuthorization' }
  | { kind: 'capture' }
  | { kind: 'settle'; refund: 'none' | 'all' | 'lateCancel' | 'requested' }
  | { kind: 'unallocate' }
  | { kind: 'transfer' }
  | { kind: 'markPaidOut' };

export type ProviderCall =
  | { op: 'cancelAuthorization'; paymentIntentId: string; idempotencyKey: string }
  | { op: 'capture'; paymentIntentId: string; idempotencyKey: string }
  | { op: 'refund'; paymentIntentId: string; amountCents: number; idempotencyKey: string }
  | { op: 'transfer'; accountId: string; bookingId: string; amountCents: number; idempotencyKey: string };

/** What the provider answered that the ledger keeps: its object id, and the amount a capture took. */
export interface ProviderOutcome {
  ref: string | null;
  capturedCents?: number;
}

export interface MoneyPlan {
  effect: PaymentEffect;
  /** Null when the money moves on paper only (allocation, reversal) or not at all. */
  call: ProviderCall | null;
  /** For `settle`: the cents going back to the booker. */
  refundCents: number;
}

/** What the state machine decided, as plain data: applied at once, or kept with a money step until its call is done. */
export interface DecidedMove {
  action: BookingAction;
  /** The request's details for the action's own writes (absent in steps claimed before they were kept). */
  details?: unknown;
  actor: Actor;
  to: Partial<BookingState>;
  /** Who made the move (null for the system). */
  viewerId: string | null;
  /** The decision's time (ISO): stamps use it, and a step older than the stale limit is taken over. */
  decidedAt: string;
}

/** A planned provider call stored on the booking while it is in flight: enough to finish it after a crash. */
export interface PendingMoneyStep extends MoneyPlan, DecidedMove {
  call: ProviderCall;
}
