import { randomBytes, timingSafeEqual } from 'node:crypto';
import { LockMode } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Orm } from '../../../platform/db/orm';
import type { Clock } from '../../../platform/shared/clock';
import { badInput, DomainError, invalidTransition, notFound } from '../../../platform/shared/errors';
import type {
  Authorization,
  AuthorizationStatus,
  ConnectStatus,
  MoneyCall,
  PaymentProvider,
  ProviderEvent,
  ProviderEventBody,
} from '../payment-provider';
import { idempotent, idempotentInsert, idempotentRowChange } from './local-idempotency';
import {
  LocalAccount,
  LocalAccountLink,
  LocalPaymentIntent,
  LocalPayout,
  LocalRefund,
  LocalTransfer,
} from './local.entities';
import { checkTestCard, type CardInput } from './test-cards';

const { PESSIMISTIC_WRITE } = LockMode;
/** Like Stripe's account links, a setup link works once and only for a while. */
const ONBOARDING_LINK_TTL_MS = 30 * 60_000;
const CANCELABLE: AuthorizationStatus[] = ['requires_payment_method', 'requires_capture', 'requires_confirmation', 'requires_action', 'processing'];

export type OnboardingLinkState =
  | { state: 'valid'; account: LocalAccount; link: LocalAccountLink }
  | { state: 'expired'; refreshUrl: string };

/**
 * The `local` payment provider: Stripe's PaymentIntent (manual capture) and Connect behaviour kept
 * in PostgreSQL, with no network. Its tables stand for the provider's systems, so each call runs in
 * its own transaction, independent of the caller's (as a call to Stripe would be).
 *
 * It emits the events that start outside the app's own calls (a card authorized in the browser,
 * an onboarding completed, a payout paid); results of the app's calls (capture, refund, ...)
 * are already known to the caller and are not echoed.
 */
export class LocalPaymentProvider implements PaymentProvider {
  readonly name = 'local' as const;
  private listener: ((event: ProviderEvent) => Promise<void>) | null = null;

  constructor(private readonly deps: { orm: Orm; clock: Clock; publicUrl?: string }) {}

  /** Where this provider's events go (the payments service's event dispatcher). */
  onEvent(listener: (event: ProviderEvent) => Promise<void>): void {
    this.listener = listener;
  }

  async createAuthorization(
    args: { amountCents: number; currency: 'usd'; bookingId: string; description: string; metadata: Record<string, string> } & MoneyCall,
  ): Promise<Authorization> {
    positiveCents(args.amountCents, 'amount');
    const { idempotencyKey, ...params } = args;
    const id = `pi_local_${randomId(24)}`;
    const now = this.now();
    const intent: Authorization = {
      id,
      status: 'requires_payment_method',
      amountCents: args.amountCents,
      clientSecret: `${id}_secret_${randomId(24)}`,
      capturedCents: 0,
      refundedCents: 0,
      metadata: { ...args.metadata, booking_id: args.bookingId },
      lastPaymentError: null,
    };
    // Every checkout opens one: a single statement rather than a transaction of four.
    return idempotentInsert(this.em(), { operation: 'payment_intents.create', idempotencyKey, params, now }, {
      result: intent,
      insert: `insert into local_payment_intents
                 (id, status, amount_cents, currency, client_secret, captured_cents, refunded_cents, booking_id, description, metadata, created_at, updated_at)
               select ?, ?, ?::int, ?, ?, 0, 0, ?, ?, ?::jsonb, ?::timestamptz, ?::timestamptz`,
      params: [id, intent.status, intent.amountCents, args.currency, intent.clientSecret, args.bookingId, args.description, JSON.stringify(intent.metadata), now, now],
    });
  }

  async getAuthorization(id: string): Promise<Authorization> {
    const pi = await this.em().findOne(LocalPaymentIntent, { id });
    if (!pi) throw noSuchIntent(id);
    return toAuthorization(pi);
  }

  capture(id: string, { idempotencyKey }: MoneyCall): Promise<Authorization> {
    return idempotent(this.em(), { operation: 'payment_intents.capture', idempotencyKey, params: { id }, now: this.now() }, async (em) => {
      const pi = await this.lockIntent(em, id);
      if (pi.status !== 'requires_capture') {
        throw invalidTransition(
          `This PaymentIntent could not be captured because it has a status of ${pi.status}. Only a PaymentIntent with one of the following statuses may be captured: requires_capture.`,
        );
      }
      pi.status = 'succeeded';
      pi.capturedCents = pi.amountCents;
      pi.updatedAt = this.now();
      // The captured money sits with the platform (it funds transfers to creators).
      await this.changeBalance(em, pi.amountCents);
      return toAuthorization(pi);
    });
  }

  /** Every abandoned checkout cancels its intent: one statement rather than a transaction of six. */
  async cancelAuthorization(id: string, { idempotencyKey }: MoneyCall): Promise<Authorization> {
    const outcome = await idempotentRowChange<Authorization>(this.em(), { operation: 'payment_intents.cancel', idempotencyKey, params: { id }, now: this.now() }, {
      target: 'select * from local_payment_intents where id = ? for update',
      targetParams: [id],
      allowed: `status in (${CANCELABLE.map((s) => `'${s}'`).join(', ')})`,
      answer: `jsonb_build_object('id', id, 'status', 'canceled', 'amountCents', amount_cents, 'clientSecret', client_secret,
                 'capturedCents', captured_cents, 'refundedCents', refunded_cents, 'metadata', metadata, 'lastPaymentError', last_payment_error)`,
      change: `update local_payment_intents set status = 'canceled', updated_at = ? where id = ?`,
      changeParams: [this.now(), id],
    });
    if ('result' in outcome) return outcome.result;
    if (!outcome.refused) throw noSuchIntent(id);
    throw invalidTransition(
      `You cannot cancel this PaymentIntent because it has a status of ${String(outcome.refused.status)}. Only a PaymentIntent with one of the following statuses may be canceled: ${CANCELABLE.join(', ')}.`,
    );
  }

  refund(id: string, { amountCents, idempotencyKey }: { amountCents: number } & MoneyCall): Promise<{ refundId: string }> {
    positiveCents(amountCents, 'amount');
    return idempotent(this.em(), { operation: 'refunds.create', idempotencyKey, params: { id, amountCents }, now: this.now() }, async (em) => {
      const pi = await this.lockIntent(em, id);
      if (pi.status !== 'succeeded') {
        throw invalidTransition(`This PaymentIntent has a status of ${pi.status}; only a captured (succeeded) payment can be refunded.`);
      }
      const refundable = pi.capturedCents - pi.refundedCents;
      if (amountCents > refundable) {
        throw badInput(`Refund amount (${usd(amountCents)}) is greater than the unrefunded amount on the charge (${usd(refundable)}).`, 'amount');
      }
      const refund = em.create(LocalRefund, { id: `re_local_${randomId(24)}`, paymentIntentId: id, amountCents, createdAt: this.now() });
      pi.refundedCents += amountCents;
      pi.updatedAt = this.now();
      await this.changeBalance(em, -amountCents);
      return { refundId: refund.id };
    });
  }

  createConnectAccount(args: { userId: string; email: string; kind: 'creator' | 'brand' } & MoneyCall): Promise<{ accountId: string }> {
    const { idempotencyKey, ...params } = args;
    return idempotent(this.em(), { operation: 'accounts.create', idempotencyKey, params, now: this.now() }, async (em) => {
      const account = em.create(LocalAccount, {
        id: `acct_local_${randomId(16)}`,
        userId: args.userId,
        email: args.email,
        kind: args.kind,
        onboardingComplete: false,
        chargesEnabled: false,
        payoutsEnabled: false,
        balanceCents: 0,
        createdAt: this.now(),
        updatedAt: this.now(),
      });
      return { accountId: account.id };
    });
  }

  async createOnboardingLink(accountId: string, args: { returnUrl: string; refreshUrl: string }): Promise<{ url: string }> {
    const em = this.em();
    if (!(await em.findOne(LocalAccount, { id: accountId }))) throw noSuchAccount(accountId);
    const link = em.create(LocalAccountLink, {
      id: `link_local_${randomId(24)}`,
      accountId,
      returnUrl: args.returnUrl,
      refreshUrl: args.refreshUrl,
      expiresAt: new Date(this.now().getTime() + ONBOARDING_LINK_TTL_MS),
      createdAt: this.now(),
    });
    await em.flush();
    return { url: `${this.deps.publicUrl ?? ''}/api/v1/local-payments/onboarding/${encodeURIComponent(accountId)}?link=${link.id}` };
  }

  async getConnectStatus(accountId: string): Promise<ConnectStatus> {
    const account = await this.em().findOne(LocalAccount, { id: accountId });
    if (!account) throw noSuchAccount(accountId);
    return connectStatusOf(account);
  }

  transfer(args: { accountId: string; amountCents: number; bookingId: string } & MoneyCall): Promise<{ transferId: string }> {
    positiveCents(args.amountCents, 'amount');
    const { idempotencyKey, ...params } = args;
    return idempotent(this.em(), { operation: 'transfers.create', idempotencyKey, params, now: this.now() }, async (em) => {
      const account = await em.findOne(LocalAccount, { id: args.accountId }, { lockMode: PESSIMISTIC_WRITE });
      if (!account) throw noSuchAccount(args.accountId);
      if (!account.payoutsEnabled) {
        throw new DomainError('PAYMENT_FAILED', `The connected account ${account.id} cannot receive transfers until its onboarding is complete.`);
      }
      const available = await this.withdraw(em, args.amountCents);
      if (available === null) {
        const balance = await this.availableBalance(em);
        throw new DomainError(
          'PAYMENT_FAILED',
          `Insufficient platform balance: ${usd(balance)} available, ${usd(args.amountCents)} needed for this transfer. Add test funds to the platform balance.`,
        );
      }
      const transfer = em.create(LocalTransfer, {
        id: `tr_local_${randomId(24)}`,
        accountId: account.id,
        amountCents: args.amountCents,
        bookingId: args.bookingId,
        createdAt: this.now(),
      });
      account.balanceCents += args.amountCents;
      account.updatedAt = this.now();
      return { transferId: transfer.id };
    });
  }

  async addTestFunds(amountCents: number): Promise<{ amountAdded: number; newAvailableBalance: number }> {
    positiveCents(amountCents, 'amount');
    const newAvailableBalance = await this.em().transactional((em) => this.changeBalance(em, amountCents));
    return { amountAdded: amountCents, newAvailableBalance };
  }

  verifyWebhook(): never {
    throw badInput('Webhooks are not used by the local payment provider: it delivers its events directly.');
  }

  // ---- local-only: what the browser and the provider's own systems do ----

  /**
   * The local card form: authorizes the intent with one of Stripe's test cards. A malformed card is a
   * BAD_USER_INPUT; a decline is PAYMENT_FAILED and leaves the intent awaiting a payment method.
   */
  async confirmCard(id: string, card: CardInput): Promise<Authorization> {
    const check = checkTestCard(card, this.now());
    if (check.kind === 'invalid') throw badInput(check.message, check.field);
    type Outcome = { declined: string } | { authorization: Authorization };
    const outcome = await this.em().transactional(async (em): Promise<Outcome> => {
      const pi = await this.lockIntent(em, id);
      if (pi.status !== 'requires_payment_method') {
        throw invalidTransition(
          `This PaymentIntent's status is ${pi.status}; it can only be confirmed while it requires a payment method.`,
        );
      }
      pi.updatedAt = this.now();
      if (check.kind === 'declined') {
        pi.lastPaymentError = check.message;
        return { declined: check.message };
      }
      pi.status = 'requires_capture';
      pi.cardLast4 = check.last4;
      pi.lastPaymentError = null;
      return { authorization: toAuthorization(pi) };
    });
    if ('declined' in outcome) throw new DomainError('PAYMENT_FAILED', outcome.declined);
    await this.emit({ type: 'authorization.succeeded', paymentIntentId: id });
    return outcome.authorization;
  }

  /** The card form's proof that it may confirm this intent (as with Stripe.js). */
  async clientSecretMatches(id: string, clientSecret: string): Promise<boolean> {
    const pi = await this.em().findOne(LocalPaymentIntent, { id });
    if (!pi) return false;
    const [a, b] = [Buffer.from(pi.clientSecret), Buffer.from(clientSecret)];
    return a.length === b.length && timingSafeEqual(a, b);
  }

  /** What the onboarding page shows for a link. */
  async onboardingLink(accountId: string, linkId: string): Promise<OnboardingLinkState> {
    const em = this.em();
    const link = await em.findOne(LocalAccountLink, { id: linkId, accountId });
    const account = await em.findOne(LocalAccount, { id: accountId });
    if (!link || !account) throw notFound('This setup link is not valid.');
    if (link.usedAt || link.expiresAt <= this.now()) return { state: 'expired', refreshUrl: link.refreshUrl };
    return { state: 'valid', account, link };
  }

  /** "Complete setup": the account can take charges and receive payouts; returns where to send the browser. */
  async completeOnboarding(accountId: string, linkId: string): Promise<{ redirectUrl: string }> {
    const result = await this.em().transactional(async (em) => {
      const link = await em.findOne(LocalAccountLink, { id: linkId, accountId }, { lockMode: PESSIMISTIC_WRITE });
      const account = await em.findOne(LocalAccount, { id: accountId }, { lockMode: PESSIMISTIC_WRITE });
      if (!link || !account) throw notFound('This setup link is not valid.');
      if (link.usedAt || link.expiresAt <= this.now()) return { redirectUrl: link.refreshUrl, status: null };
      link.usedAt = this.now();
      account.onboardingComplete = true;
      account.chargesEnabled = true;
      account.payoutsEnabled = true;
      account.updatedAt = this.now();
      return { redirectUrl: link.returnUrl, status: connectStatusOf(account) };
    });
    if (result.status) await this.emit({ type: 'account.updated', accountId, status: result.status });
    return { redirectUrl: result.redirectUrl };
  }

  /**
   * Pays every connected account's transferred balance out to its (imaginary) bank and emits
   * `payout.paid` per account, like Stripe's payout schedule. Called by a job (or a test).
   */
  async payOutBalances(): Promise<number> {
    const paid = await this.em().transactional(async (em) => {
      const accounts = await em.find(LocalAccount, { balanceCents: { $gt: 0 }, payoutsEnabled: true }, { lockMode: PESSIMISTIC_WRITE });
      const out: { accountId: string; transferIds: string[] }[] = [];
      for (const account of accounts) {
        const payout = em.create(LocalPayout, { id: `po_local_${randomId(24)}`, accountId: account.id, amountCents: account.balanceCents, createdAt: this.now() });
        const transfers = await em.find(LocalTransfer, { accountId: account.id, payoutId: null });
        for (const t of transfers) t.payoutId = payout.id;
        account.balanceCents = 0;
        account.updatedAt = this.now();
        out.push({ accountId: account.id, transferIds: transfers.map((t) => t.id) });
      }
      return out;
    });
    for (const p of paid) await this.emit({ type: 'payout.paid', accountId: p.accountId, transferIds: p.transferIds });
    return paid.length;
  }

  async platformBalance(): Promise<number> {
    return this.availableBalance(this.em());
  }

  // ---- internals ----

  private em(): EntityManager {
    return this.deps.orm.em.fork() as EntityManager;
  }

  private now(): Date {
    return this.deps.clock.now();
  }

  private async lockIntent(em: EntityManager, id: string): Promise<LocalPaymentIntent> {
    const pi = await em.findOne(LocalPaymentIntent, { id }, { lockMode: PESSIMISTIC_WRITE });
    if (!pi) throw noSuchIntent(id);
    return pi;
  }

  /** Adds (or with a negative amount, takes) money to the platform balance; returns the new balance. */
  private async changeBalance(em: EntityManager, deltaCents: number): Promise<number> {
    const [row] = await em.execute(
      `insert into local_platform_balance (id, available_cents, updated_at) values (1, ?, ?)
       on conflict (id) do update set available_cents = local_platform_balance.available_cents + excluded.available_cents, updated_at = excluded.updated_at
       returning available_cents`,
      [deltaCents, this.now()],
    );
    return Number(row.available_cents);
  }

  /** Takes money from the platform balance only if enough is available; null otherwise. */
  private async withdraw(em: EntityManager, amountCents: number): Promise<number | null> {
    const rows = await em.execute(
      `update local_platform_balance set available_cents = available_cents - ?, updated_at = ?
       where id = 1 and available_cents >= ? returning available_cents`,
      [amountCents, this.now(), amountCents],
    );
    return rows.length ? Number(rows[0].available_cents) : null;
  }

  private async availableBalance(em: EntityManager): Promise<number> {
    const rows = await em.execute('select available_cents from local_platform_balance where id = 1');
    return rows.length ? Number(rows[0].available_cents) : 0;
  }

  private async emit(body: ProviderEventBody): Promise<void> {
    const event = { ...body, id: `evt_local_${randomId(24)}`, occurredAt: this.now() } as ProviderEvent;
    await this.listener?.(event);
  }
}

function toAuthorization(pi: LocalPaymentIntent): Authorization {
  return {
    id: pi.id,
    status: pi.status,
    amountCents: pi.amountCents,
    clientSecret: pi.clientSecret,
    capturedCents: pi.capturedCents,
    refundedCents: pi.refundedCents,
    metadata: pi.metadata,
    lastPaymentError: pi.lastPaymentError ?? null,
  };
}

function connectStatusOf(account: LocalAccount): ConnectStatus {
  return {
    connected: true,
    onboardingComplete: account.onboardingComplete,
    chargesEnabled: account.chargesEnabled,
    payoutsEnabled: account.payoutsEnabled,
  };
}

function positiveCents(value: number, field: string): void {
  if (!Number.isInteger(value) || value <= 0) throw badInput(`${field} must be a positive whole number of cents`, field);
}

const noSuchIntent = (id: string) => notFound(`No such payment_intent: '${id}'`);
const noSuchAccount = (id: string) => notFound(`No such account: '${id}'`);

const usd = (cents: number) => `${cents < 0 ? '-' : ''}$${(Math.abs(cents) / 100).toFixed(2)}`;

const ALPHANUMERIC = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
/** Stripe-style random ids: letters and digits only, so `pi_…_secret_…` splits unambiguously. */
function randomId(length: number): string {
  const bytes = randomBytes(length * 2);
  let out = '';
  for (let i = 0; i < bytes.length && out.length < length; i++) {
    if (bytes[i] < 248) out += ALPHANUMERIC[bytes[i] % 62]; // 248 = 4 * 62: no modulo bias
  }
  return out.length === length ? out : out + randomId(length - out.length);
}
