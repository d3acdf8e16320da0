import { assertEmailVerified } from '../users';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Logger } from 'pino';
import type { Config } from '../../platform/config';
import type { Orm } from '../../platform/db/orm';
import type { SecondFactorCheck } from '../../platform/shared/second-factor';
import type { Clock } from '../../platform/shared/clock';
import { requireViewer, type ServiceContext } from '../../platform/shared/context';
import { badInput, forbidden, notFound } from '../../platform/shared/errors';
import { parseInput } from '../../platform/shared/validation';
import { Profile } from '../profiles';
import { applyConnectStatus } from './connect-sync';
import { createPaymentProvider } from './create-payment-provider';
import { LocalPaymentProvider, type OnboardingLinkState } from './local/local-payment-provider';
import { PaymentEventDispatcher, type DispatchResult } from './payment-event-dispatcher';
import type { AuthorizationStatus, ConnectStatus, PaymentEventHandler, PaymentIntentOwner, PaymentProvider, ProviderEvent } from './payment-provider';
import {
  AddTestFundsSchema,
  ConfirmLocalPaymentSchema,
  CreateConnectAccountSchema,
  PaymentIntentIdSchema,
  type AddTestFundsInput,
  type ConfirmLocalPaymentInput,
  type CreateConnectAccountInput,
} from './payments.inputs';
import { ProviderCallLog, RecordedPaymentProvider } from './provider-call-log';

export interface PaymentsDeps {
  config: Config;
  clock: Clock;
  orm: Orm;
  logger: Logger;
  /** Tests may inject a provider; otherwise chosen from config (stripe when STRIPE_SECRET_KEY is set). */
  provider?: PaymentProvider;
  /** Who hears provider events: the `paymentEventHandlers` contributions (read when an event arrives). */
  eventHandlers: () => readonly PaymentEventHandler[];
  /** Who owns a payment intent: the `paymentIntentOwners` contributions (bookings), asked in order. */
  intentOwners: () => readonly PaymentIntentOwner[];
  /** A fresh TOTP code before payout details change, when the account has two-step sign-in (services.auth). */
  requireFreshSecondFactor?: SecondFactorCheck;
}

export interface PaymentConfig {
  provider: 'local' | 'stripe';
  publishableKey: string | null;
}

export interface LocalPaymentResult {
  id: string;
  status: AuthorizationStatus;
  clientSecret: string;
}

export interface WebhookReceipt {
  received: true;
  duplicate?: true;
  ignored?: true;
}

const NOT_CONNECTED: ConnectStatus = { connected: false, onboardingComplete: false, chargesEnabled: false, payoutsEnabled: false };
const DEFAULT_RETURN_PATH = '/dashboard?connect=return';
const DEFAULT_REFRESH_PATH = '/dashboard?connect=refresh';

export const PAYMENT_MESSAGES = {
  paymentNotFound: 'Payment not found',
  noProfile: 'Create your profile before connecting a payment account',
  testFundsDisabled: 'Test funds are disabled in production',
  localFormUnavailable: 'The local card form is not available: payments go through Stripe',
  wrongClientSecret: 'The client secret does not match this payment',
  badReturnUrl: 'returnUrl must be a path on this site',
} as const;

/**
 * The payments port as the app uses it: holds the provider (every call logged), processes
 * provider events exactly once, and serves the connect, test-funds, checkout and local-provider
 * screens. Bookings use `provider` for money moves and hear provider events through the `paymentEventHandlers` extension point.
 */
export class PaymentsService {
  /** The provider, wrapped so every call lands in `payment_provider_calls`. */
  readonly provider: PaymentProvider;
  /** The local provider itself when it is in use (its balance and payouts, for jobs and tests); null with Stripe. */
  readonly local: LocalPaymentProvider | null;
  private readonly dispatcher: PaymentEventDispatcher;

  constructor(private readonly deps: PaymentsDeps) {
    const raw = deps.provider ?? createPaymentProvider(deps.config, deps.orm, deps.clock);
    const log = new ProviderCallLog({
      orm: deps.orm,
      clock: deps.clock,
      provider: raw.name,
      onLogError: (err) => deps.logger.error({ err }, 'could not record a payment provider call'),
    });
    this.provider = new RecordedPaymentProvider(raw, log);
    this.dispatcher = new PaymentEventDispatcher({ clock: deps.clock, logger: deps.logger, handlers: deps.eventHandlers });
    this.local = raw instanceof LocalPaymentProvider ? raw : null;
    this.local?.onEvent((event) => this.deliverLocalEvent(event));
  }

  /** The user whose purchase owns a payment intent (the first contribution that knows it), or null. */
  private async ownerOf(em: EntityManager, paymentIntentId: string): Promise<string | null> {
    for (const owners of this.deps.intentOwners()) {
      const owner = await owners.ownerOf(em, paymentIntentId);
      if (owner) return owner;
    }
    return null;
  }

  /** Public: which card form the browser renders. */
  paymentConfig(_ctx: ServiceContext): PaymentConfig {
    const stripe = this.provider.name === 'stripe';
    return { provider: this.provider.name, publishableKey: stripe ? (this.deps.config.STRIPE_PUBLISHABLE_KEY ?? null) : null };
  }

  /** The viewer's connected account, refreshed from the provider (the card's "refresh status"). */
  async connectStatus(ctx: ServiceContext): Promise<ConnectStatus> {
    const viewer = requireViewer(ctx);
    const profile = await ctx.em.findOne(Profile, { user: viewer.id });
    if (!profile?.connectAccountId) return NOT_CONNECTED;
    const accountId = profile.connectAccountId;
    let status: ConnectStatus;
    try {
      status = await this.provider.getConnectStatus(accountId);
    } catch (err) {
      this.deps.logger.warn({ err, accountId }, 'connect status unavailable from the provider; showing the last known one');
      return { connected: true, onboardingComplete: profile.onboardingComplete, chargesEnabled: profile.chargesEnabled, payoutsEnabled: profile.payoutsEnabled };
    }
    await ctx.em.transactional((em) => applyConnectStatus(em, accountId, status, this.deps.clock.now()));
    return status;
  }

  /** Creates the viewer's connected account once per profile, then a fresh onboarding link. */
  async createConnectAccount(ctx: ServiceContext, input: CreateConnectAccountInput = {}): Promise<{ url: string }> {
    const viewer = requireViewer(ctx);
    const { returnUrl, code } = parseInput(CreateConnectAccountSchema, input);
    await assertEmailVerified(ctx.em, viewer.id, 'set up payouts');
    await this.deps.requireFreshSecondFactor?.(viewer.id, code);
    const target = this.siteUrl(returnUrl || DEFAULT_RETURN_PATH);
    const accountId = await this.connectAccountOf(ctx.em, viewer.id);
    return this.provider.createOnboardingLink(accountId, { returnUrl: target, refreshUrl: this.siteUrl(DEFAULT_REFRESH_PATH) });
  }

  /**
   * The user's connected account, created once per profile. The provider call runs outside any
   * transaction (no row lock or second pooled connection held across it): its idempotency key
   * makes simultaneous clicks create one account, and the first account stored is kept.
   */
  private async connectAccountOf(em: EntityManager, userId: string): Promise<string> {
    const profile = await em.findOne(Profile, { user: userId }, { populate: ['user'], refresh: true });
    if (!profile) throw notFound(PAYMENT_MESSAGES.noProfile);
    if (profile.connectAccountId) return profile.connectAccountId;
    const created = await this.provider.createConnectAccount({
      userId,
      email: profile.user.getEntity().email,
      kind: profile.accountType,
      idempotencyKey: `connect-account:${profile.id}`,
    });
    const [row] = await em.execute<{ connect_account_id: string }[]>(
      'update profiles set connect_account_id = coalesce(connect_account_id, ?) where id = ? returning connect_account_id',
      [created.accountId, profile.id],
    );
    return row.connect_account_id;
  }

  /** Test mode: tops up the platform balance (the connect card's $500 button). */
  async addTestFunds(ctx: ServiceContext, input: AddTestFundsInput = {}): Promise<{ amountAdded: number; newAvailableBalance: number }> {
    requireViewer(ctx);
    if (this.deps.config.isProduction) throw forbidden(PAYMENT_MESSAGES.testFundsDisabled);
    const { amount } = parseInput(AddTestFundsSchema, input);
    return this.provider.addTestFunds(amount);
  }

  /** The checkout page's client secret: only for the booker of the booking that owns the intent. */
  async clientSecretFor(ctx: ServiceContext, paymentIntentId: string): Promise<{ clientSecret: string }> {
    const viewer = requireViewer(ctx);
    const { paymentIntentId: id } = parseInput(PaymentIntentIdSchema, { paymentIntentId });
    const owner = await this.ownerOf(ctx.em, id);
    if (!owner) throw notFound(PAYMENT_MESSAGES.paymentNotFound);
    if (owner !== viewer.id) throw forbidden();
    const { clientSecret } = await this.provider.getAuthorization(id);
    return { clientSecret };
  }

  /**
   * The local card form. Allowed with the intent's client secret (as Stripe.js confirms) or, without
   * it, for the signed-in booker of the booking that owns the intent.
   */
  async confirmLocalPayment(ctx: ServiceContext, input: ConfirmLocalPaymentInput): Promise<LocalPaymentResult> {
    const local = this.requireLocal();
    const data = parseInput(ConfirmLocalPaymentSchema, input);
    if (data.clientSecret) {
      if (!(await local.clientSecretMatches(data.paymentIntentId, data.clientSecret))) throw forbidden(PAYMENT_MESSAGES.wrongClientSecret);
    } else {
      const viewer = requireViewer(ctx);
      const owner = await this.ownerOf(ctx.em, data.paymentIntentId);
      if (!owner) throw notFound(PAYMENT_MESSAGES.paymentNotFound);
      if (owner !== viewer.id) throw forbidden();
    }
    const auth = await local.confirmCard(data.paymentIntentId, { cardNumber: data.cardNumber, expiry: data.expiry, cvc: data.cvc });
    return { id: auth.id, status: auth.status, clientSecret: auth.clientSecret };
  }

  /** The local onboarding page's state for a link (the page itself needs no sign-in: the link is the key). */
  localOnboarding(_ctx: ServiceContext, accountId: string, linkId: string): Promise<OnboardingLinkState> {
    return this.requireLocal().onboardingLink(accountId, linkId);
  }

  /** "Complete setup" on the local onboarding page; returns where to send the browser. */
  completeLocalOnboarding(_ctx: ServiceContext, accountId: string, linkId: string): Promise<{ redirectUrl: string }> {
    return this.requireLocal().completeOnboarding(accountId, linkId);
  }

  /** Local provider only: pays connected accounts' balances out (emits `payout.paid`). A job calls this. */
  async runLocalPayouts(_ctx?: ServiceContext): Promise<number> {
    return this.local ? this.local.payOutBalances() : 0;
  }

  /** `POST /stripe/webhook`: verify the signature on the raw body, then process the event once. */
  async receiveWebhook(ctx: ServiceContext, input: { rawBody: Buffer; signature: string | undefined }): Promise<WebhookReceipt> {
    const event = this.provider.verifyWebhook(input.rawBody, input.signature);
    const result = await this.dispatcher.dispatch(ctx.em, event);
    return receipt(result);
  }

  /** Processes one provider event exactly once (used by the local provider and by tests). */
  dispatchEvent(ctx: ServiceContext, event: ProviderEvent): Promise<DispatchResult> {
    return this.dispatcher.dispatch(ctx.em, event);
  }

  private async deliverLocalEvent(event: ProviderEvent): Promise<void> {
    try {
      await this.dispatcher.dispatch(this.deps.orm.em.fork(), event);
    } catch (err) {
      // The provider-side change stands (as with a failed webhook); bookings reconcile on verify.
      this.deps.logger.error({ err, event }, 'processing a local payment event failed');
    }
  }

  private requireLocal(): LocalPaymentProvider {
    if (!this.local) throw notFound(PAYMENT_MESSAGES.localFormUnavailable);
    return this.local;
  }

  /**
   * Return URLs stay on this site (no open redirect): a path, or an absolute URL on PUBLIC_URL or
   * an allowed CORS origin. Stripe needs absolute URLs, so paths get PUBLIC_URL (or localhost:PORT).
   */
  private siteUrl(url: string): string {
    const { config } = this.deps;
    if (url.startsWith('/') && !url.startsWith('//') && !url.startsWith('/\\')) {
      const base = config.PUBLIC_URL ?? (this.provider.name === 'stripe' ? `http://localhost:${config.PORT}` : '');
      return `${base.replace(/\/+$/, '')}${url}`;
    }
    let parsed: URL;
    try {
      parsed = new URL(url);
    } catch {
      throw badInput(PAYMENT_MESSAGES.badReturnUrl, 'returnUrl');
    }
    const allowed = [config.PUBLIC_URL, ...config.CORS_ORIGINS].filter(Boolean).map((o) => new URL(o!).origin);
    if (!['http:', 'https:'].includes(parsed.protocol) || !allowed.includes(parsed.origin)) {
      throw badInput(PAYMENT_MESSAGES.badReturnUrl, 'returnUrl');
    }
    return parsed.toString();
  }
}

function receipt(result: DispatchResult): WebhookReceipt {
  if (result.duplicate) return { received: true, duplicate: true };
  if (result.outcome === 'ignored') return { received: true, ignored: true };
  return { received: true };
}
