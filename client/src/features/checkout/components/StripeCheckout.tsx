import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import { loadStripe } from '@stripe/stripe-js/pure';
import { useEffect, useMemo } from 'react';
import { paymentReturnPath, type PaymentAttempt } from '../lib/payment-attempt';
import { CheckoutForm } from './CheckoutForm';

interface Props {
  bookingId: string;
  paymentIntentId: string;
  clientSecret: string;
  publishableKey: string;
  totalCents?: number;
  /** Stripe.js could not be loaded. */
  onUnavailable: () => void;
}

/** Problems with the card that the user can fix; anything else is unexpected. */
const CARD_ERROR_TYPES = new Set(['card_error', 'validation_error']);

function StripePaymentForm({ bookingId, paymentIntentId, totalCents }: Pick<Props, 'bookingId' | 'paymentIntentId' | 'totalCents'>) {
  const stripe = useStripe();
  const elements = useElements();

  const confirm = async (): Promise<PaymentAttempt> => {
    if (!stripe || !elements) return { error: { kind: 'unexpected' } };
    const { error, paymentIntent } = await stripe.confirmPayment({
      elements,
      confirmParams: { return_url: `${window.location.origin}${paymentReturnPath(bookingId)}` },
      redirect: 'if_required',
    });
    if (error) {
      return CARD_ERROR_TYPES.has(error.type)
        ? { error: { kind: 'card', message: error.message ?? null } }
        : { error: { kind: 'unexpected' } };
    }
    return { status: paymentIntent?.status ?? 'unknown' };
  };

  return (
    <CheckoutForm
      bookingId={bookingId}
      paymentIntentId={paymentIntentId}
      totalCents={totalCents}
      ready={Boolean(stripe && elements)}
      fields={<PaymentElement options={{ layout: 'tabs' }} />}
      confirm={confirm}
    />
  );
}

/**
 * Checkout with Stripe's Payment Element (tabbed). Stripe.js is fetched only here, i.e. only when
 * the server is configured with a publishable key (the `pure` entry does not load it on import).
 */
export default function StripeCheckout({
  bookingId,
  paymentIntentId,
  clientSecret,
  publishableKey,
  totalCents,
  onUnavailable,
}: Props) {
  const stripePromise = useMemo(() => loadStripe(publishableKey).catch(() => null), [publishableKey]);
  useEffect(() => {
    let active = true;
    void stripePromise.then((stripe) => {
      if (active && !stripe) onUnavailable();
    });
    return () => {
      active = false;
    };
  }, [stripePromise, onUnavailable]);

  return (
    <Elements stripe={stripePromise} options={{ clientSecret }}>
      <StripePaymentForm bookingId={bookingId} paymentIntentId={paymentIntentId} totalCents={totalCents} />
    </Elements>
  );
}
