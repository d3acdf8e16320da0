import { DomainError } from '../../../platform/shared/errors';
import type { PaymentProvider } from '../../payments';
import type { ProviderCall, ProviderOutcome } from './booking.model';

/**
 * The provider call of a move (step 2 of money-steps.ts), made outside any transaction with the
 * step's idempotency key, so the same call made again (a retry, the recovery of a crashed claim)
 * moves money once.
 */

/** Makes the planned call. A provider refusal reaches the user as PAYMENT_FAILED with the provider's message. */
export async function callProvider(provider: PaymentProvider, call: ProviderCall): Promise<ProviderOutcome> {
  try {
    switch (call.op) {
      case 'cancelAuthorization':
        return await cancelAuthorization(provider, call);
      case 'capture': {
        const authorization = await provider.capture(call.paymentIntentId, { idempotencyKey: call.idempotencyKey });
        return { ref: call.paymentIntentId, capturedCents: authorization.capturedCents };
      }
      case 'refund': {
        const { refundId } = await provider.refund(call.paymentIntentId, { amountCents: call.amountCents, idempotencyKey: call.idempotencyKey });
        return { ref: refundId };
      }
      case 'transfer': {
        const { transferId } = await provider.transfer(call);
        return { ref: transferId };
      }
    }
  } catch (err) {
    throw asPaymentFailure(err);
  }
}

async function cancelAuthorization(provider: PaymentProvider, call: { paymentIntentId: string; idempotencyKey: string }): Promise<ProviderOutcome> {
  try {
    await provider.cancelAuthorization(call.paymentIntentId, { idempotencyKey: call.idempotencyKey });
  } catch (err) {
    // Already canceled at the provider (e.g. by the provider itself): the hold is gone either way.
    const current = await provider.getAuthorization(call.paymentIntentId).catch(() => null);
    if (current?.status !== 'canceled') throw err;
  }
  return { ref: call.paymentIntentId };
}

/** Provider refusals reach the user as PAYMENT_FAILED with the provider's message. */
function asPaymentFailure(err: unknown): DomainError {
  if (err instanceof DomainError && err.code === 'PAYMENT_FAILED') return err;
  const message = err instanceof Error && err.message ? err.message : 'The payment provider could not complete the request';
  return new DomainError('PAYMENT_FAILED', message);
}

