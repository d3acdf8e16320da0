import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import {
  useAcceptOfferMutation,
  useCounterOfferMutation,
  useDeclineOfferMutation,
  useSendOfferMutation,
  useWithdrawOfferMutation,
  type OfferTermsInput,
} from '../../../gql/graphql';
import { errorMessage } from '../../../shared/lib/error-message';
import { toast } from '../../../shared/toast';
import { goToCheckout } from '../../creators/hooks/useCreateBookingCheckout';

export type OfferMove = 'accept' | 'decline' | 'withdraw' | 'pay';

/**
 * Sending, countering and answering offers. The brand's accept (and pay, once the creator accepted
 * the brand's offer) opens the checkout: the browser goes to the card form at once.
 */
export function useOfferActions(conversationId: string) {
  const navigate = useNavigate();
  const [sendOffer] = useSendOfferMutation();
  const [counterOffer] = useCounterOfferMutation();
  const [acceptOffer] = useAcceptOfferMutation();
  const [declineOffer] = useDeclineOfferMutation();
  const [withdrawOffer] = useWithdrawOfferMutation();
  const [busy, setBusy] = useState<{ offerId: string; move: OfferMove } | null>(null);

  const send = async (input: OfferTermsInput) => {
    try {
      await sendOffer({ variables: { conversationId, input } });
      toast.success('Offer sent');
      return true;
    } catch (error) {
      toast.error('Could not send the offer', errorMessage(error, 'Please try again.'));
      return false;
    }
  };

  const counter = async (offerId: string, input: OfferTermsInput) => {
    try {
      await counterOffer({ variables: { offerId, input } });
      toast.success('Counter-offer sent');
      return true;
    } catch (error) {
      toast.error('Could not send the counter-offer', errorMessage(error, 'Please try again.'));
      return false;
    }
  };

  const move = async (offerId: string, what: OfferMove) => {
    setBusy({ offerId, move: what });
    try {
      if (what === 'accept' || what === 'pay') {
        const { data } = await acceptOffer({ variables: { offerId } });
        const url = data?.acceptOffer.checkout?.checkoutUrl;
        if (url) {
          goToCheckout(url, navigate);
          return;
        }
        toast.success('Offer accepted', 'The brand pays next; the booking follows.');
      } else if (what === 'decline') {
        await declineOffer({ variables: { offerId } });
        toast.success('Offer declined');
      } else {
        await withdrawOffer({ variables: { offerId } });
        toast.success('Offer withdrawn');
      }
    } catch (error) {
      toast.error('That did not work', errorMessage(error, 'Please try again.'));
    } finally {
      setBusy(null);
    }
  };

  return { send, counter, move, busy };
}
