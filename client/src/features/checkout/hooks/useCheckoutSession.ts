import { useCheckoutClientSecretQuery, useCheckoutPaymentConfigQuery } from '../../../gql/graphql';

export type CheckoutSession =
  | { state: 'loading' }
  | { state: 'error' }
  | { state: 'ready'; clientSecret: string; provider: 'LOCAL' }
  | { state: 'ready'; clientSecret: string; provider: 'STRIPE'; publishableKey: string | null };

/** Which card form to render (the server's payment config) and the payment's client secret. */
export function useCheckoutSession(paymentIntentId: string): CheckoutSession {
  const config = useCheckoutPaymentConfigQuery();
  const secret = useCheckoutClientSecretQuery({ variables: { paymentIntentId }, fetchPolicy: 'network-only' });

  if (config.error || secret.error) return { state: 'error' };
  if (!config.data || !secret.data) return { state: 'loading' };
  const clientSecret = secret.data.paymentIntentClientSecret;
  const { provider, publishableKey } = config.data.paymentConfig;
  return provider === 'STRIPE'
    ? { state: 'ready', clientSecret, provider, publishableKey }
    : { state: 'ready', clientSecret, provider: 'LOCAL' };
}
