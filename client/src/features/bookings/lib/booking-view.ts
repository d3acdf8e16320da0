import type { AccountType, BookingAction, BookingCard_BookingFragment, BookingStatus, CancellationReasonCode, PaymentStatus } from '../../../gql/graphql';

/** Spec §8 "Booking actions" and the house's messages for the moves the spec does not word. */
export const BOOKING_MESSAGES = {
  /** My Bookings' subtitle: a creator is booked (and may book others); a brand only books. */
  panelDescription: (accountType: AccountType | undefined) =>
    accountType === 'BRAND' ? 'The collabs you booked, from request to review.' : 'Requests you received and collabs you booked.',
  loading: 'Loading bookings...',
  empty: 'No bookings found.',
  accepted: 'Booking accepted',
  declined: 'Booking declined',
  statusFailed: 'Failed to update booking status',
  completionConfirmed: 'Completion confirmed!',
  completionFailed: 'Failed to confirm completion',
  disputeOpened: 'Dispute opened successfully',
  disputeFailed: 'Failed to open dispute',
  cancelled: 'Booking cancelled successfully',
  cancelFailed: 'Failed to cancel booking',
  payoutDone: 'Payout processed successfully!',
  payoutFailed: 'Payout failed. Please try again.',
  reviewDone: 'Review submitted!',
  reviewFailed: 'Failed to submit review',
  statementSent: 'Your statement was sent to support',
  statementFailed: 'Failed to send your statement',
} as const;

/** The reason sent with every cancellation (spec §7). */
/** The short list a cancellation picks from (the server's CancellationReasonCode), in the order the dialog shows it. */
export const CANCELLATION_REASONS: readonly { code: CancellationReasonCode; label: string }[] = [
  { code: 'SCHEDULE_CONFLICT', label: 'Schedule conflict' },
  { code: 'PLANS_CHANGED', label: 'Plans changed' },
  { code: 'BUDGET', label: 'Budget or approval' },
  { code: 'FOUND_ALTERNATIVE', label: 'Found another option' },
  { code: 'ILLNESS_OR_EMERGENCY', label: 'Illness or emergency' },
  { code: 'TECHNICAL_ISSUE', label: 'Technical issue' },
  { code: 'NOT_A_FIT', label: 'Not a good fit' },
  { code: 'OTHER', label: 'Other' },
];

/** Who cancelled, as the card says it. */
export function cancelledByLabel(role: string | null | undefined, viewerRole: string | null | undefined): string | null {
  if (!role) return null;
  if (role === viewerRole?.toLowerCase()) return 'You cancelled';
  return { booker: 'The brand cancelled', creator: 'The creator cancelled', support: 'Support cancelled', system: 'Cancelled automatically' }[role] ?? null;
}


/** Either side of a booking as the spec words it (§6): the creator side if the booking is with your profile. */
export function isCreatorSide(
  booking: Pick<BookingCard_BookingFragment, 'viewerRole' | 'creatorId'>,
  profileId?: string,
): boolean {
  if (booking.viewerRole) return booking.viewerRole === 'CREATOR';
  return Boolean(profileId) && booking.creatorId === profileId;
}

/**
 * The booker's name: the name the server gives (their profile's, else a neutral "A CollabHub brand"),
 * never anything from an e-mail address; "Client" when nothing is known.
 */
export function bookerDisplayName(booker: { name?: string | null; email?: string | null } | null | undefined): string {
  if (!booker) return 'Client';
  return booker.name?.trim() || 'A CollabHub brand';
}

/**
 * The card's title by the booking's state: while it waits for an answer it is a "Booking Request"
 * (from the brand on the creator's side, to the creator on the brand's); once accepted (and after)
 * a "Collab" with the other party.
 */
export function bookingHeading(booking: Pick<BookingCard_BookingFragment, 'status' | 'booker' | 'creator'>, creatorSide: boolean) {
  const counterpart = creatorSide ? bookerDisplayName(booking.booker) : booking.creator.displayName || 'Creator';
  if (booking.status === 'PENDING') return { title: 'Booking Request', counterpart, preposition: creatorSide ? 'from' : 'to' };
  return { title: 'Collab', counterpart, preposition: 'with' };
}

/**
 * "Withdraw request" while the creator has not answered (always free), "Cancel (fee applies)" only
 * when the server says cancelling now keeps part of the price, "Cancel" otherwise.
 */
export function cancelLabel(booking: Pick<BookingCard_BookingFragment, 'status' | 'cancelFeeApplies'>): string {
  if (booking.status === 'PENDING') return 'Withdraw request';
  return booking.cancelFeeApplies ? 'Cancel (fee applies)' : 'Cancel';
}

export const can = (booking: Pick<BookingCard_BookingFragment, 'availableActions'>, action: BookingAction) =>
  booking.availableActions.includes(action);

type Palette = 'gray' | 'yellow' | 'blue' | 'green' | 'teal' | 'red' | 'orange' | 'purple';

export const STATUS_BADGES: Record<BookingStatus, { label: string; palette: Palette }> = {
  PENDING: { label: 'Pending', palette: 'yellow' },
  CONFIRMED: { label: 'Confirmed', palette: 'blue' },
  COMPLETED: { label: 'Completed', palette: 'green' },
  AUTO_COMPLETED: { label: 'Auto-completed', palette: 'green' },
  CANCELLED: { label: 'Cancelled', palette: 'red' },
  DISPUTED: { label: 'Disputed', palette: 'orange' },
};

export const PAYMENT_BADGES: Record<PaymentStatus, { label: string; palette: Palette }> = {
  UNPAID: { label: 'Unpaid', palette: 'gray' },
  HELD: { label: 'Held', palette: 'blue' },
  ALLOCATED: { label: 'Allocated', palette: 'purple' },
  RELEASED: { label: 'Released', palette: 'teal' },
  PAID_OUT: { label: 'Paid out', palette: 'green' },
  VOIDED: { label: 'Voided', palette: 'gray' },
  REFUNDED: { label: 'Refunded', palette: 'red' },
  DISPUTED: { label: 'Disputed', palette: 'orange' },
};
