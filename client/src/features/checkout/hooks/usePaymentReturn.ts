import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useUpdateSearchParams } from '../../../shared/hooks/useUpdateSearchParams';
import { toast } from '../../../shared/toast';
import { useVerifyBookingPayment } from './useVerifyBookingPayment';

export const PAYMENT_RETURN_MESSAGES = {
  confirmed: 'Request sent! Your payment is held until the creator accepts.',
  notConfirmed: 'Payment verification failed',
  notConfirmedDetail: 'Please contact support if you were charged',
  errorTitle: 'Error',
  errorDetail: 'Failed to verify payment',
} as const;

/** The parameters a payment return adds to `/dashboard`, removed once it is handled. */
const RETURN_PARAMS = ['payment', 'booking_id', 'session_id'] as const;

/**
 * Spec §4 "Return to dashboard after payment": on `/dashboard?payment=success&booking_id=…`
 * (or `&session_id=…`) the payment is verified once, a toast tells the outcome, and the URL goes
 * loses the return's own parameters, keeping everything else: the tab the user picked while the
 * payment was being verified is kept (the URL is read when the answer comes, not when it was asked).
 * Call it in the dashboard page.
 */
export function usePaymentReturn(): { verifying: boolean; paidBookingId: string | null; dismiss: () => void } {
  const [params] = useSearchParams();
  const updateParams = useUpdateSearchParams();
  const { verify, verifying } = useVerifyBookingPayment({ refreshActive: true });
  const handled = useRef<string | null>(null);
  /** The booking just paid for: the dashboard tells what happens next until dismissed. */
  const [paidBookingId, setPaidBookingId] = useState<string | null>(null);

  const isReturn = params.get('payment') === 'success';
  const bookingId = params.get('booking_id');
  const sessionId = params.get('session_id');

  useEffect(() => {
    if (!isReturn || (!bookingId && !sessionId)) return;
    const key = `${bookingId ?? ''}|${sessionId ?? ''}`;
    if (handled.current === key) return;
    handled.current = key;

    void (async () => {
      try {
        const confirmed = await verify(bookingId ? { bookingId } : { sessionId });
        if (confirmed) {
          toast.success(PAYMENT_RETURN_MESSAGES.confirmed);
          if (bookingId) setPaidBookingId(bookingId);
        }
        else toast.error(PAYMENT_RETURN_MESSAGES.notConfirmed, PAYMENT_RETURN_MESSAGES.notConfirmedDetail);
      } catch {
        toast.error(PAYMENT_RETURN_MESSAGES.errorTitle, PAYMENT_RETURN_MESSAGES.errorDetail);
      }
      updateParams(
        (current) => {
          for (const name of RETURN_PARAMS) current.delete(name);
        },
        { replace: true },
      );
    })();
    // `verify` changes identity between renders; the key above makes this run once per return.
  }, [isReturn, bookingId, sessionId]);

  return { verifying, paidBookingId, dismiss: () => setPaidBookingId(null) };
}
