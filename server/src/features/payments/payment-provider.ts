/**
 * The payments port (DESIGN.md §5). Bookings talk to this interface only; two adapters implement
 * it: `local` (default, no network: state kept in PostgreSQL) and `stripe` (the real SDK).
 * Every call that moves money carries an idempotency key derived from booking id + step, so a
 * retried call can never move money twice.
 */

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

/** Events from the provider (webhooks for Stripe; emitted directly by the local adapter). */
export type ProviderEvent =
  | { id: string; type: 'authorization.succeeded'; paymentIntentId: string }
  | { id: string; type: 'authorization.canceled'; paymentIntentId: string }
  | { id: string; type: 'authorization.captured'; paymentIntentId: string; amountCents: number }
  | { id: string; type: 'charge.refunded'; paymentIntentId: string; refundedCents: number }
  | { id: string; type: 'account.updated'; accountId: string; status: ConnectStatus }
  | { id: string; type: 'transfer.created'; transferId: string; bookingId?: string }
  | { id: string; type: 'payout.paid'; accountId: string; transferIds?: string[] }
  | { id: string; type: 'ignored'; providerType: string };

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

/** What the payments feature calls when a provider event arrives (implemented by bookings / profiles). */
export interface PaymentEventHandler {
  handle(event: ProviderEvent): Promise<void>;
}
