import type Stripe from 'stripe';
import type { ProviderEvent, ProviderEventBody } from '../payment-provider';

/** Maps a verified Stripe event to the port's ProviderEvent; types we do not act on become `ignored`. */
export function toProviderEvent(event: Stripe.Event): ProviderEvent {
  return { ...bodyOf(event), id: event.id, occurredAt: new Date(event.created * 1000) } as ProviderEvent;
}

function bodyOf(event: Stripe.Event): ProviderEventBody {
  switch (event.type) {
    case 'payment_intent.amount_capturable_updated':
      return { type: 'authorization.succeeded', paymentIntentId: event.data.object.id };
    case 'payment_intent.canceled':
      return { type: 'authorization.canceled', paymentIntentId: event.data.object.id };
    case 'payment_intent.succeeded':
      return { type: 'authorization.captured', paymentIntentId: event.data.object.id, amountCents: event.data.object.amount_received };
    case 'charge.refunded': {
      const charge = event.data.object;
      const paymentIntentId = typeof charge.payment_intent === 'string' ? charge.payment_intent : charge.payment_intent?.id;
      if (!paymentIntentId) return { type: 'ignored', providerType: event.type };
      return { type: 'charge.refunded', paymentIntentId, refundedCents: charge.amount_refunded };
    }
    case 'account.updated': {
      const account = event.data.object;
      return {
        type: 'account.updated',
        accountId: account.id,
        status: {
          connected: true,
          onboardingComplete: Boolean(account.details_submitted),
          chargesEnabled: Boolean(account.charges_enabled),
          payoutsEnabled: Boolean(account.payouts_enabled),
        },
      };
    }
    case 'transfer.created': {
      const transfer = event.data.object;
      const bookingId = transfer.transfer_group ?? transfer.metadata?.booking_id;
      return { type: 'transfer.created', transferId: transfer.id, ...(bookingId ? { bookingId } : {}) };
    }
    case 'payout.paid':
      // Payouts of a connected account arrive with `account` set to that account.
      if (!event.account) return { type: 'ignored', providerType: event.type };
      return { type: 'payout.paid', accountId: event.account };
    default:
      return { type: 'ignored', providerType: event.type };
  }
}
