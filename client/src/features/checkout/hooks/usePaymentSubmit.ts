import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { toast } from '../../../shared/toast';
import {
  CHECKOUT_PAGE_MESSAGES as MSG,
  HELD_STATUS,
  paymentReturnPath,
  type PaymentAttempt,
} from '../lib/payment-attempt';
import { useVerifyBookingPayment } from './useVerifyBookingPayment';

/**
 * Spec §4 "Checkout page": processing while the card is confirmed; a held payment
 * (requires_capture) is verified with the server and the browser goes to the dashboard; any
 * other outcome stays here with a message.
 */
export function usePaymentSubmit({ bookingId, paymentIntentId }: { bookingId: string; paymentIntentId: string }) {
  const navigate = useNavigate();
  const { verify } = useVerifyBookingPayment();
  const [processing, setProcessing] = useState(false);
  const [message, setMessage] = useState<string | null>(null);

  const fail = (text: string, reason: string) => {
    setMessage(text);
    toast.error(MSG.failedToast(reason));
    setProcessing(false);
  };

  const submit = async (attempt: () => Promise<PaymentAttempt>) => {
    setProcessing(true);
    setMessage(null);
    let result: PaymentAttempt;
    try {
      result = await attempt();
    } catch {
      result = { error: { kind: 'unexpected' } };
    }
    if ('error' in result) {
      const text = result.error.kind === 'card' ? result.error.message || MSG.cardFallback : MSG.unexpected;
      return fail(text, text);
    }
    if (result.status !== HELD_STATUS) return fail(MSG.status(result.status), MSG.unexpectedStatus(result.status));

    let confirmed = false;
    try {
      confirmed = await verify({ bookingId, paymentIntentId });
    } catch {
      confirmed = false;
    }
    if (!confirmed) return fail(MSG.verifyFailed, MSG.verifyFailedReason);
    navigate(paymentReturnPath(bookingId), { replace: true });
  };

  return { submit, processing, message };
}
