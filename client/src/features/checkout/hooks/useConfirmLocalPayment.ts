import { useConfirmLocalPaymentMutation } from '../../../gql/graphql';
import { errorCode, errorMessage } from '../../../shared/lib/error-message';
import { onlyDigits } from '../lib/card-input';
import type { PaymentAttempt } from '../lib/payment-attempt';

export interface CardDetails {
  number: string;
  expiry: string;
  cvc: string;
  name: string;
}

/** Errors the local provider raises about the card itself (invalid number/expiry/CVC, declines). */
const CARD_ERROR_CODES = new Set(['BAD_USER_INPUT', 'PAYMENT_FAILED']);

/** The local provider's card confirmation, answered like Stripe's `confirmPayment`. */
export function useConfirmLocalPayment(paymentIntentId: string, clientSecret: string) {
  const [mutate] = useConfirmLocalPaymentMutation();
  return async (card: CardDetails): Promise<PaymentAttempt> => {
    try {
      const { data } = await mutate({
        variables: {
          paymentIntentId,
          clientSecret,
          cardNumber: onlyDigits(card.number),
          expiry: card.expiry.trim() || null,
          cvc: card.cvc.trim() || null,
        },
      });
      if (!data) return { error: { kind: 'unexpected' } };
      return { status: data.confirmLocalPayment.status.toLowerCase() };
    } catch (error) {
      if (CARD_ERROR_CODES.has(errorCode(error) ?? '')) {
        return { error: { kind: 'card', message: errorMessage(error, '') || null } };
      }
      return { error: { kind: 'unexpected' } };
    }
  };
}
