import type { Config } from '../../platform/config';
import type { Orm } from '../../platform/db/orm';
import { systemClock, type Clock } from '../../platform/shared/clock';
import { LocalPaymentProvider } from './local/local-payment-provider';
import type { PaymentProvider } from './payment-provider';
import { StripePaymentProvider } from './stripe/stripe-payment-provider';

/** `stripe` when STRIPE_SECRET_KEY is set, otherwise the `local` provider (which keeps its state in the database). */
export function createPaymentProvider(config: Config, orm?: Orm, clock: Clock = systemClock): PaymentProvider {
  if (config.STRIPE_SECRET_KEY) {
    return new StripePaymentProvider({
      secretKey: config.STRIPE_SECRET_KEY,
      webhookSecret: config.STRIPE_WEBHOOK_SECRET,
      apiBase: config.STRIPE_API_BASE,
    });
  }
  if (!orm) throw new Error('The local payment provider needs the database (pass the ORM)');
  return new LocalPaymentProvider({ orm, clock, publicUrl: config.PUBLIC_URL?.replace(/\/+$/, '') });
}
