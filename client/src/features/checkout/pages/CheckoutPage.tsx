import { Center, Spinner, Stack, Text } from '@chakra-ui/react';
import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { Navigate, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { PageSpinner } from '../../../shared/components/PageSpinner';
import { useDocumentTitle } from '../../../shared/hooks/useDocumentTitle';
import { toast } from '../../../shared/toast';
import { useAuth } from '../../auth/hooks/useAuth';
import { CheckoutFrame } from '../components/CheckoutFrame';
import { LocalCheckout } from '../components/LocalCheckout';
import { PaymentErrorCard } from '../components/PaymentErrorCard';
import { useCheckoutBookingQuery } from '../../../gql/graphql';
import { useViewerZone } from '../../profile/hooks/useViewerZone';
import { CheckoutSummary } from '../components/CheckoutSummary';
import { useCheckoutSession } from '../hooks/useCheckoutSession';
import { CHECKOUT_PAGE_MESSAGES as MSG } from '../lib/payment-attempt';

/** Stripe's React bindings ship in their own chunk, fetched only when Stripe is the provider. */
const StripeCheckout = lazy(() => import('../components/StripeCheckout'));

function LoadingPaymentForm() {
  return (
    <Center py="12" role="status" aria-live="polite">
      <Stack align="center" gap="3">
        <Spinner size="lg" color="brand.solid" />
        <Text color="fg.muted">Loading payment form...</Text>
      </Stack>
    </Center>
  );
}

/** Spec §8: missing booking_id or payment_intent → toast, then the dashboard. */
function InvalidCheckout() {
  const navigate = useNavigate();
  const shown = useRef(false);
  useEffect(() => {
    if (shown.current) return;
    shown.current = true;
    toast.error(MSG.invalidParams);
    navigate('/dashboard', { replace: true });
  }, [navigate]);
  return null;
}

function CheckoutSessionView({ bookingId, paymentIntentId }: { bookingId: string; paymentIntentId: string }) {
  const session = useCheckoutSession(paymentIntentId);
  const zone = useViewerZone();
  const bookingQuery = useCheckoutBookingQuery({ variables: { id: bookingId }, fetchPolicy: 'cache-and-network' });
  const booking = bookingQuery.data?.booking;
  const summary = <CheckoutSummary booking={booking} zone={zone} failed={Boolean(bookingQuery.error)} />;
  const totalCents = booking?.totalCents;
  const [stripeUnavailable, setStripeUnavailable] = useState(false);
  const onStripeUnavailable = useCallback(() => setStripeUnavailable(true), []);
  const failure =
    session.state === 'error'
      ? MSG.loadFailed
      : stripeUnavailable || (session.state === 'ready' && session.provider === 'STRIPE' && !session.publishableKey)
        ? MSG.unableToLoad
        : null;

  const toasted = useRef(false);
  useEffect(() => {
    if (!failure || toasted.current) return;
    toasted.current = true;
    toast.error(MSG.loadFailedToast);
  }, [failure]);

  if (failure) return <PaymentErrorCard message={failure} />;
  if (session.state !== 'ready') {
    return (
      <CheckoutFrame summary={summary}>
        <LoadingPaymentForm />
      </CheckoutFrame>
    );
  }
  return (
    <CheckoutFrame summary={summary}>
      {session.provider === 'STRIPE' && session.publishableKey ? (
        <Suspense fallback={<LoadingPaymentForm />}>
          <StripeCheckout
            bookingId={bookingId}
            paymentIntentId={paymentIntentId}
            clientSecret={session.clientSecret}
            publishableKey={session.publishableKey}
            totalCents={totalCents}
            onUnavailable={onStripeUnavailable}
          />
        </Suspense>
      ) : (
        <LocalCheckout
          bookingId={bookingId}
          paymentIntentId={paymentIntentId}
          clientSecret={session.clientSecret}
          totalCents={totalCents}
        />
      )}
    </CheckoutFrame>
  );
}

/** /stripe-checkout?booking_id&payment_intent — pay for a booking; the money is held until the creator confirms. */
export function CheckoutPage() {
  useDocumentTitle('Checkout');
  // Start at the top even when arriving from a scrolled page with a dialog open.
  useEffect(() => {
    window.scrollTo({ top: 0, left: 0, behavior: 'instant' });
  }, []);
  const [params] = useSearchParams();
  const location = useLocation();
  const { user, loading } = useAuth();
  const bookingId = params.get('booking_id');
  const paymentIntentId = params.get('payment_intent');

  if (!bookingId || !paymentIntentId) return <InvalidCheckout />;
  if (loading) return <PageSpinner label="Checking your session" />;
  // Only the booker may read the payment: sign in first, then come back here.
  if (!user) return <Navigate to="/auth" replace state={{ from: `${location.pathname}${location.search}` }} />;
  return <CheckoutSessionView key={paymentIntentId} bookingId={bookingId} paymentIntentId={paymentIntentId} />;
}
