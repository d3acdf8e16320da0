import { randomUUID } from 'node:crypto';
import Stripe from 'stripe';
import { badInput, forbidden } from '../../../platform/shared/errors';
import type { Authorization, AuthorizationStatus, ConnectStatus, MoneyCall, PaymentProvider, ProviderEvent } from '../payment-provider';
import { stripeCall } from './stripe-errors';
import { toProviderEvent } from './stripe-events';

export interface StripeProviderOptions {
  secretKey: string;
  webhookSecret?: string;
  /** e.g. http://127.0.0.1:12111 for stripe-mock; Stripe's own API when unset. */
  apiBase?: string;
}

/**
 * The `stripe` payment provider: PaymentIntents with manual capture, Express connected accounts,
 * separate charges and transfers (grouped by booking id), webhooks verified on the raw body.
 * Every call that moves money sends the caller's idempotency key.
 */
export class StripePaymentProvider implements PaymentProvider {
  readonly name = 'stripe' as const;
  readonly stripe: Stripe;

  constructor(private readonly opts: StripeProviderOptions) {
    this.stripe = new Stripe(opts.secretKey, {
      typescript: true,
      appInfo: { name: 'collab-marketplace' },
      ...(opts.apiBase ? hostOptions(opts.apiBase) : {}),
    });
  }

  createAuthorization(
    args: { amountCents: number; currency: 'usd'; bookingId: string; description: string; metadata: Record<string, string> } & MoneyCall,
  ): Promise<Authorization> {
    return stripeCall(async () =>
      toAuthorization(
        await this.stripe.paymentIntents.create(
          {
            amount: args.amountCents,
            currency: args.currency,
            capture_method: 'manual',
            allowed_payment_method_types: ['card'],
            description: args.description,
            metadata: { ...args.metadata, booking_id: args.bookingId },
            transfer_group: args.bookingId,
          },
          { idempotencyKey: args.idempotencyKey },
        ),
      ),
    );
  }

  getAuthorization(id: string): Promise<Authorization> {
    return stripeCall(async () => toAuthorization(await this.stripe.paymentIntents.retrieve(id, { expand: ['latest_charge'] })));
  }

  capture(id: string, { idempotencyKey }: MoneyCall): Promise<Authorization> {
    return stripeCall(async () => toAuthorization(await this.stripe.paymentIntents.capture(id, {}, { idempotencyKey })));
  }

  cancelAuthorization(id: string, { idempotencyKey }: MoneyCall): Promise<Authorization> {
    return stripeCall(async () => toAuthorization(await this.stripe.paymentIntents.cancel(id, {}, { idempotencyKey })));
  }

  refund(id: string, { amountCents, idempotencyKey }: { amountCents: number } & MoneyCall): Promise<{ refundId: string }> {
    return stripeCall(async () => {
      const refund = await this.stripe.refunds.create({ payment_intent: id, amount: amountCents }, { idempotencyKey });
      return { refundId: refund.id };
    });
  }

  createConnectAccount(args: { userId: string; email: string; kind: 'creator' | 'brand' } & MoneyCall): Promise<{ accountId: string }> {
    return stripeCall(async () => {
      const account = await this.stripe.accounts.create(
        {
          type: 'express',
          email: args.email,
          capabilities: { card_payments: { requested: true }, transfers: { requested: true } },
          metadata: { user_id: args.userId, kind: args.kind },
        },
        { idempotencyKey: args.idempotencyKey },
      );
      return { accountId: account.id };
    });
  }

  createOnboardingLink(accountId: string, args: { returnUrl: string; refreshUrl: string }): Promise<{ url: string }> {
    return stripeCall(async () => {
      const link = await this.stripe.accountLinks.create({
        account: accountId,
        return_url: args.returnUrl,
        refresh_url: args.refreshUrl,
        type: 'account_onboarding',
      });
      return { url: link.url };
    });
  }

  getConnectStatus(accountId: string): Promise<ConnectStatus> {
    return stripeCall(async () => {
      const account = await this.stripe.accounts.retrieve(accountId);
      return {
        connected: true,
        onboardingComplete: Boolean(account.details_submitted),
        chargesEnabled: Boolean(account.charges_enabled),
        payoutsEnabled: Boolean(account.payouts_enabled),
      };
    });
  }

  transfer(args: { accountId: string; amountCents: number; bookingId: string } & MoneyCall): Promise<{ transferId: string }> {
    return stripeCall(async () => {
      const transfer = await this.stripe.transfers.create(
        {
          amount: args.amountCents,
          currency: 'usd',
          destination: args.accountId,
          transfer_group: args.bookingId,
          metadata: { booking_id: args.bookingId },
        },
        { idempotencyKey: args.idempotencyKey },
      );
      return { transferId: transfer.id };
    });
  }

  /**
   * Test mode only. A charge with Stripe's `tok_bypassPending` test token lands in the available
   * balance at once (topups would need a test bank account), which is what transfers draw from.
   */
  async addTestFunds(amountCents: number): Promise<{ amountAdded: number; newAvailableBalance: number }> {
    if (!isTestKey(this.opts.secretKey)) throw forbidden('Test funds can only be added with a Stripe test-mode key');
    return stripeCall(async () => {
      await this.stripe.charges.create(
        { amount: amountCents, currency: 'usd', source: 'tok_bypassPending', description: 'Test funds for the platform balance' },
        { idempotencyKey: `test-funds:${randomUUID()}` },
      );
      const balance = await this.stripe.balance.retrieve();
      const usd = balance.available.find((b) => b.currency === 'usd');
      return { amountAdded: amountCents, newAvailableBalance: usd?.amount ?? 0 };
    });
  }

  verifyWebhook(rawBody: Buffer, signatureHeader: string | undefined): ProviderEvent {
    if (!this.opts.webhookSecret) throw badInput('Webhook signing secret is not configured (STRIPE_WEBHOOK_SECRET)');
    let event: Stripe.Event;
    try {
      // Tolerance (5 min) is measured against real time: Stripe signs with its own clock.
      event = this.stripe.webhooks.constructEvent(rawBody, signatureHeader ?? '', this.opts.webhookSecret);
    } catch (err) {
      throw badInput(`Invalid webhook signature: ${(err as Error).message}`);
    }
    return toProviderEvent(event);
  }
}

const KNOWN_STATUSES: AuthorizationStatus[] = [
  'requires_payment_method', 'requires_confirmation', 'requires_action', 'processing', 'requires_capture', 'succeeded', 'canceled',
];

function toAuthorization(pi: Stripe.PaymentIntent): Authorization {
  const charge = pi.latest_charge && typeof pi.latest_charge === 'object' ? pi.latest_charge : null;
  return {
    id: pi.id,
    // Statuses newer than this code are treated as still in flight.
    status: (KNOWN_STATUSES as string[]).includes(pi.status) ? (pi.status as AuthorizationStatus) : 'processing',
    amountCents: pi.amount,
    clientSecret: pi.client_secret ?? '',
    capturedCents: pi.amount_received ?? 0,
    refundedCents: charge?.amount_refunded ?? 0,
    metadata: { ...(pi.metadata ?? {}) },
    lastPaymentError: pi.last_payment_error?.message ?? null,
  };
}

/** `http://127.0.0.1:12111` → the SDK's host/port/protocol options. */
export function hostOptions(apiBase: string): { host: string; port: number; protocol: 'http' | 'https' } {
  const url = new URL(apiBase);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return { host: url.hostname, port: url.port ? Number(url.port) : protocol === 'http' ? 80 : 443, protocol };
}

export const isTestKey = (key: string) => /^(sk|rk)_test_/.test(key);
