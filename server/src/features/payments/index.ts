import { defineModule } from '../../platform/module';
import { ConnectSync } from './connect-sync.entity';
import {
  LocalAccount,
  LocalAccountLink,
  LocalIdempotencyKey,
  LocalPaymentIntent,
  LocalPayout,
  LocalPlatformBalance,
  LocalRefund,
  LocalTransfer,
} from './local/local.entities';
import { PaymentProviderCall } from './payment-provider-call.entity';
import { PaymentsResolver } from './payments.resolver';
import { paymentsRoutes, stripeWebhookRoutes } from './payments.rest';
import type { PaymentEventHandler, PaymentIntentOwner } from './payment-provider';
import { PaymentsService } from './payments.service';
import { WebhookEvent } from './webhook-event.entity';

declare module '../../platform/module' {
  interface Services {
    payments: PaymentsService;
  }
  interface ExtensionPoints {
    /** Hear provider events (a card authorized, a payout paid), in the event's exactly-once transaction: `extend: (app) => ({ paymentEventHandlers: [...] })`. */
    paymentEventHandlers: PaymentEventHandler;
    /** Who owns a payment intent (checkout pages and the local card form check it): `extend: (app) => ({ paymentIntentOwners: [...] })`. */
    paymentIntentOwners: PaymentIntentOwner;
  }
}

/** The payment provider (Stripe or the local one), its events, connected accounts and test funds. */
export const paymentsModule = defineModule({
  name: 'payments',
  entities: [
    WebhookEvent,
    PaymentProviderCall,
    ConnectSync,
    LocalPaymentIntent,
    LocalRefund,
    LocalAccount,
    LocalAccountLink,
    LocalTransfer,
    LocalPayout,
    LocalIdempotencyKey,
    LocalPlatformBalance,
  ],
  resolvers: [PaymentsResolver],
  routes: paymentsRoutes,
  rawBodyRoutes: stripeWebhookRoutes,
  dependsOn: ['auth'],
  services: ({ deps, services, contributions }) => ({
    payments: new PaymentsService({
      requireFreshSecondFactor: (userId, code) => services.auth.requireFreshSecondFactor(userId, code),
      config: deps.config,
      clock: deps.clock,
      orm: deps.orm,
      logger: deps.logger.child({ feature: 'payments' }),
      eventHandlers: () => contributions('paymentEventHandlers'),
      intentOwners: () => contributions('paymentIntentOwners'),
    }),
  }),
  jobs: ({ services }) => [
    {
      // Local payment provider only: pays connected accounts' balances out, as Stripe does on its
      // own schedule, which emits `payout.paid` and moves released bookings to paid_out. A sweep:
      // an account with nothing left to pay out is skipped, so running twice changes nothing.
      name: 'local-payouts',
      everySeconds: 60,
      run: async () => {
        await services.payments.runLocalPayouts();
      },
    },
  ],
});

// The front door: what other features use of this one.
export type { PaymentEventContext, PaymentEventHandler, PaymentEventOutcome, PaymentProvider, ProviderEvent } from './payment-provider';
