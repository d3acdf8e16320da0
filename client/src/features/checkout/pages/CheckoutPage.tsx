import { LuCreditCard } from 'react-icons/lu';
import { ComingSoonPanel } from '../../../shared/components/content/ComingSoonPanel';
import { useDocumentTitle } from '../../../shared/hooks/useDocumentTitle';

/** /stripe-checkout?booking_id&payment_intent — card payment for a booking. Placeholder for now. */
export function CheckoutPage() {
  useDocumentTitle('Checkout');
  return (
    <ComingSoonPanel
      icon={LuCreditCard}
      title="Checkout"
      description="Secure card payment for your booking is coming here next. Payment is held until the streamer confirms."
    />
  );
}
