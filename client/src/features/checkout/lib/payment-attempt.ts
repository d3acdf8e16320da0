/**
 * What one press of Complete Payment produced, whichever card form took the card: the provider's
 * status for the payment, or its error (a card/validation problem the user can fix, or anything else).
 */
export type PaymentAttempt =
  { status: string } | { error: { kind: 'card'; message: string | null } | { kind: 'unexpected' } };

/** Spec §8 "Checkout page". */
export const CHECKOUT_PAGE_MESSAGES = {
  invalidParams: 'Invalid checkout parameters',
  loadFailedToast: 'Failed to load payment form',
  loadFailed: 'Failed to load payment form. Please try again.',
  unableToLoad: 'Unable to load payment form',
  cardFallback: 'Payment failed',
  unexpected: 'An unexpected error occurred.',
  verifyFailed: 'Payment succeeded but verification failed. Please contact support.',
  verifyFailedReason: 'Payment verification failed',
  status: (status: string) => `Payment status: ${status}`,
  unexpectedStatus: (status: string) => `Unexpected payment status: ${status}`,
  failedToast: (reason: string) => `Payment failed: ${reason}`,
  cancelled: 'Payment cancelled',
} as const;

/** Authorized and held until the creator confirms (manual capture). */
export const HELD_STATUS = 'requires_capture';

/** The dashboard address the browser returns to after a held payment (spec §7). */
export function paymentReturnPath(bookingId: string): string {
  return `/dashboard?payment=success&booking_id=${encodeURIComponent(bookingId)}`;
}
