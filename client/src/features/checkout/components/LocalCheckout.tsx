import { useState } from 'react';
import { useConfirmLocalPayment, type CardDetails } from '../hooks/useConfirmLocalPayment';
import { CheckoutForm } from './CheckoutForm';
import { LocalCardFields } from './LocalCardFields';

interface Props {
  bookingId: string;
  paymentIntentId: string;
  clientSecret: string;
  /** The amount on the pay button, once the order summary is loaded. */
  totalCents?: number;
}

/** Checkout with the built-in (local) provider's card form: nothing loads from the internet. */
export function LocalCheckout({ bookingId, paymentIntentId, clientSecret, totalCents }: Props) {
  const [card, setCard] = useState<CardDetails>({ number: '', expiry: '', cvc: '', name: '' });
  const confirmCard = useConfirmLocalPayment(paymentIntentId, clientSecret);
  return (
    <CheckoutForm
      bookingId={bookingId}
      paymentIntentId={paymentIntentId}
      totalCents={totalCents}
      fields={<LocalCardFields value={card} onChange={setCard} />}
      confirm={() => confirmCard(card)}
    />
  );
}
