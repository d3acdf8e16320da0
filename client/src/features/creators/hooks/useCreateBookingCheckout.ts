import { ApolloError, useApolloClient } from '@apollo/client';
import { useState } from 'react';
import { useNavigate, type NavigateFunction } from 'react-router-dom';
import {
  CreatorPageDocument,
  CreatorPageSlotsDocument,
  useCreateBookingCheckoutMutation,
  type CreateBookingCheckoutInput,
} from '../../../gql/graphql';
import { errorCode, errorMessage } from '../../../shared/lib/error-message';
import { toast } from '../../../shared/toast';

export const CHECKOUT_MESSAGES = {
  fallback: 'Failed to create booking payment',
  dialogToast: 'Failed to create booking. Please try again.',
  noUrl: 'No checkout URL received',
  redirecting: 'Redirecting to secure payment...',
} as const;

export type CheckoutOutcome = 'redirecting' | 'slot-taken' | 'failed';

/** Spec §8: the server's text (stringified if it is an object), else the fallback. */
function failureText(error: unknown): string {
  if (error instanceof ApolloError) return errorMessage(error, CHECKOUT_MESSAGES.fallback);
  if (error instanceof Error) return error.message || CHECKOUT_MESSAGES.fallback;
  if (error && typeof error === 'object') return JSON.stringify(error);
  return typeof error === 'string' && error ? error : CHECKOUT_MESSAGES.fallback;
}

/**
 * In-app checkout pages open in the app at once (no toast: it would linger over the card form); a
 * provider's hosted page is a full navigation, announced while the browser leaves.
 */
export function goToCheckout(url: string, navigate: NavigateFunction) {
  const target = new URL(url, window.location.origin);
  if (target.origin === window.location.origin) {
    navigate(`${target.pathname}${target.search}${target.hash}`);
  } else {
    toast.info(CHECKOUT_MESSAGES.redirecting);
    window.location.assign(target.href);
  }
}

/**
 * Creates the booking's checkout (slots held, payment opened) and sends the browser to the card
 * form. A slot someone else just took (CONFLICT) shows the server's message and refreshes the grid.
 */
export function useCreateBookingCheckout() {
  const navigate = useNavigate();
  const client = useApolloClient();
  const [mutate, { loading }] = useCreateBookingCheckoutMutation();
  const [error, setError] = useState<string | null>(null);
  const [redirecting, setRedirecting] = useState(false);

  const startCheckout = async (input: CreateBookingCheckoutInput): Promise<CheckoutOutcome> => {
    setError(null);
    try {
      const { data } = await mutate({ variables: { input } });
      const url = data?.createBookingCheckout.checkoutUrl;
      if (!url) throw new Error(CHECKOUT_MESSAGES.noUrl);
      setRedirecting(true);
      goToCheckout(url, navigate);
      return 'redirecting';
    } catch (caught) {
      const message = failureText(caught);
      if (errorCode(caught) === 'CONFLICT') {
        toast.error(message);
        await client.refetchQueries({ include: [CreatorPageDocument, CreatorPageSlotsDocument] }).catch(() => undefined);
        return 'slot-taken';
      }
      setError(message);
      toast.error(CHECKOUT_MESSAGES.dialogToast, message);
      return 'failed';
    }
  };

  return {
    startCheckout,
    submitting: loading,
    /** Creating the checkout or already on the way to the payment page. */
    busy: loading || redirecting,
    error,
    resetError: () => setError(null),
  };
}
