import { DomainError, conflict, invalidTransition, notFound } from '../../../platform/shared/errors';

interface StripeLikeError {
  type?: string;
  code?: string;
  message?: string;
}

/**
 * Turns the Stripe errors a user can cause or we expect into domain errors; anything else
 * (auth, network, our own bad requests) is rethrown and surfaces as a logged 500.
 */
export function mapStripeError(err: unknown): unknown {
  const e = err as StripeLikeError | null;
  if (!e || typeof e.type !== 'string' || !e.type.startsWith('Stripe')) return err;
  const message = e.message ?? 'The payment provider refused the request';
  if (e.type === 'StripeCardError') return new DomainError('PAYMENT_FAILED', message);
  if (e.type === 'StripeIdempotencyError') return conflict(message);
  if (e.code === 'resource_missing') return notFound(message);
  if (e.code === 'balance_insufficient') return new DomainError('PAYMENT_FAILED', message);
  if (e.code === 'payment_intent_unexpected_state' || e.code === 'charge_already_refunded') return invalidTransition(message);
  if (e.code === 'amount_too_large' || e.code === 'charge_exceeds_source_limit') return new DomainError('BAD_USER_INPUT', message);
  return err;
}

/** Runs a Stripe call, mapping its errors. */
export async function stripeCall<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    throw mapStripeError(err);
  }
}
