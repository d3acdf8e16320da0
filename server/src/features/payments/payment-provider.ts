import type { EntityManager } from '@mikro-orm/postgresql';
/**
 * The payments port. Bookings talk to this interface only; two adapters implement
 * it: `local` (default, no network: state kept in PostgreSQL) and `stripe` (the real SDK).
 * Every call that moves money carries an idempotency key derived from booking id + step, so a
 * retried call can never move money twice.
 */
import type { ServiceContext } from '../../platform/shared/context';

export type AuthorizationStatus =
  | 'requires_payment_method'
  | 'requires_confirmation'
  | 'requires_action'
  | 'processing'
  | 'requires_capture'
  | 'succeeded'
  | 'canceled';

export interface Authorization {
  id: string;
  status: AuthorizationStatus;
  amountCents: number;
  /** Given to the browser so the card form can confirm this authorization. */
  clientSecret: string;
  capturedCents: number;
  refundedCents: number;
  metadata: Record<string, string>;
  /** The last card error (e.g. "Your card was declined."), null when none. */
  lastPaymentError: string | null;
}

export interface ConnectStatus {
  connected: boolean;
  onboardingComplete: boolean;
  chargesEnabled: boolean;
  payoutsEnabled: boolean;
}

export interface MoneyCall {
  idempotencyKey: string;
}

/** What happened at the provider, without the envelope. */
export type ProviderEventBody =
  | { type: 'authorization.succeeded'; paymentIntentId: string }
  | { type: 'authorization.canceled'; paymentIntentId: string }
  | { type: 'authorization.captured'; paymentIntentId: string; amountCents: number }
  | { type: 'charge.refunded'; paymentIntentId: string; refundedCents: number }
  | { type: 'account.updated'; accountId: string; status: ConnectStatus }
  | { type: 'transfer.created'; transferId: string; bookingId?: string }
  | { type: 'payout.paid'; accountId: string; transferIds?: string[] }
  | { type: 'ignored'; providerType: string };

/**
 * Events from the provider (webhooks for Stripe; emitted directly by the local adapter).
 * `id` is unique per event (each is processed once); `occurredAt` lets handlers drop stale ones.
 */
export type ProviderEvent = ProviderEventBody & { id: string; occurredAt: Date };

export interface PaymentProvider {
  readonly name: 'local' | 'stripe';

  /** A manual-capture authorization (Stripe: PaymentIntent with capture_method=manual). */
  createAuthorization(args: {
    amountCents: number;
    currency: 'usd';
    bookingId: string;
    description: string;
    metadata: Record<string, string>;
  } & MoneyCall): Promise<Authorization>;
  getAuthorization(id: string): Promise<Authorization>;
  capture(id: string, args: MoneyCall): Promise<Authorization>;
  cancelAuthorization(id: string, args: MoneyCall): Promise<Authorization>;
  /** Partial refunds allowed; the sum of refunds never exceeds the captured amount. */
  refund(id: string, args: { amountCents: number } & MoneyCall): Promise<{ refundId: string }>;

  createConnectAccount(args: { userId: string; email: string; kind: 'creator' | 'brand' } & MoneyCall): Promise<{ accountId: string }>;
  createOnboardingLink(accountId: string, args: { returnUrl: string; refreshUrl: string }): Promise<{ url: string }>;
  getConnectStatus(accountId: string): Promise<ConnectStatus>;
  /** Moves the creator's share from the platform balance to their connected account. */
  transfer(args: { accountId: string; amountCents: number; bookingId: string } & MoneyCall): Promise<{ transferId: string }>;
  /** Test mode only: tops up the platform balance. */
  addTestFunds(amountCents: number): Promise<{ amountAdded: number; newAvailableBalance: number }>;

  /** Verifies a webhook's signature on the raw body and parses it; throws on a forged or stale signature. */
  verifyWebhook(rawBody: Buffer, signatureHeader: string | undefined): ProviderEvent;
}

/**
 * What a handler gets: `em` is the transaction that also records the event id (so the event's
 * effects and "processed" commit together); `viewer` is null (the system acts).
 */
export interface PaymentEventContext extends ServiceContext {
  /** Runs after the transaction commits (publish `bookingUpdated` here); skipped on rollback. */
  afterCommit(fn: () => Promise<void> | void): void;
}

/** `ignored` when the event is not for us (e.g. an unknown payment intent) or stale. */
export type PaymentEventOutcome = 'applied' | 'ignored';

/**
 * Who may pay a payment intent: the user whose purchase owns it (bookings contributes it through the
 * `paymentIntentOwners` extension point; payments knows no booking). null: no purchase owns it.
 */
export interface PaymentIntentOwner {
  ownerOf(em: EntityManager, paymentIntentId: string): Promise<string | null>;
}

/** What the payments feature calls when a provider event arrives (implemented by bookings). */
export interface PaymentEventHandler {
  handle(ctx: PaymentEventContext, event: ProviderEvent): Promise<PaymentEventOutcome>;
}
