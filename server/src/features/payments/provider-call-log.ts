import type { Orm } from '../../platform/db/orm';
import { preparedQuery } from '../../platform/db/prepared';
import type { Clock } from '../../platform/shared/clock';
import type { Authorization, ConnectStatus, MoneyCall, PaymentProvider, ProviderEvent } from './payment-provider';

export interface CallMeta {
  operation: string;
  bookingId?: string | null;
  targetId?: string | null;
  idempotencyKey?: string | null;
  amountCents?: number | null;
}

/**
 * One fixed text for any number of rows (columns as arrays), so it runs as one prepared statement.
 * A call that does not name its booking is linked through its payment intent.
 */
const INSERT_SQL = `insert into payment_provider_calls
    (provider, operation, booking_id, target_id, idempotency_key, amount_cents, outcome, error, created_at)
  select r.provider, r.operation,
         coalesce(
           r.booking_id,
           (select b.id::text from bookings b where b.payment_intent_id = r.target_id limit 1),
           (select c.booking_id from payment_provider_calls c
             where c.target_id = r.target_id and c.operation = 'createAuthorization' and c.booking_id is not null limit 1)
         ),
         r.target_id, r.idempotency_key, r.amount_cents, r.outcome, r.error, r.created_at
    from unnest(?::text[], ?::text[], ?::text[], ?::text[], ?::text[], ?::int[], ?::text[], ?::text[], ?::timestamptz[])
      as r(provider, operation, booking_id, target_id, idempotency_key, amount_cents, outcome, error, created_at)`;
type Row = [provider: string, operation: string, bookingId: string | null, targetId: string | null, idempotencyKey: string | null, amountCents: number | null, outcome: 'ok' | 'error', error: string | null, createdAt: Date];
/** Rows per insert statement at most. */
const MAX_BATCH = 200;

/**
 * Appends one `payment_provider_calls` row per provider call, outside any caller transaction (the
 * call happened even if the caller later rolls back). A call that does not name its booking is
 * linked through its payment intent: the booking that holds it, or the booking the intent was
 * created for. Each call waits for its row; rows of calls that finish while an insert is under way
 * go in the next insert together (one statement, one connection for many calls under load).
 */
export class ProviderCallLog {
  private queue: { row: Row; written: () => void }[] = [];
  private writing = false;

  constructor(
    private readonly deps: { orm: Orm; clock: Clock; provider: string; onLogError: (err: unknown) => void },
  ) {}

  async record<T>(meta: CallMeta, call: () => Promise<T>, targetOf?: (result: T) => string): Promise<T> {
    try {
      const result = await call();
      await this.write(meta, targetOf ? targetOf(result) : meta.targetId, 'ok', null);
      return result;
    } catch (err) {
      await this.write(meta, meta.targetId, 'error', err instanceof Error ? err.message : String(err));
      throw err;
    }
  }

  private write(meta: CallMeta, targetId: string | null | undefined, outcome: 'ok' | 'error', error: string | null): Promise<void> {
    const row: Row = [this.deps.provider, meta.operation, meta.bookingId ?? null, targetId ?? null, meta.idempotencyKey ?? null, meta.amountCents ?? null, outcome, error, this.deps.clock.now()];
    return new Promise((written) => {
      this.queue.push({ row, written });
      void this.drain();
    });
  }

  private async drain(): Promise<void> {
    if (this.writing) return;
    this.writing = true;
    try {
      while (this.queue.length > 0) {
        const batch = this.queue.splice(0, MAX_BATCH);
        try {
          const columns = batch[0].row.map((_, column) => batch.map(({ row }) => row[column]));
          await preparedQuery(this.deps.orm.em.fork(), INSERT_SQL, columns);
        } catch (err) {
          // The provider calls already happened; a failed audit write must not turn them into errors.
          this.deps.onLogError(err);
        }
        for (const row of batch) row.written();
      }
    } finally {
      this.writing = false;
    }
  }
}

/** The provider as the app sees it: every call (reads included) goes through the call log. */
export class RecordedPaymentProvider implements PaymentProvider {
  constructor(
    private readonly inner: PaymentProvider,
    private readonly log: ProviderCallLog,
  ) {}

  get name() {
    return this.inner.name;
  }

  createAuthorization(args: Parameters<PaymentProvider['createAuthorization']>[0]): Promise<Authorization> {
    const meta = { operation: 'createAuthorization', bookingId: args.bookingId, idempotencyKey: args.idempotencyKey, amountCents: args.amountCents };
    return this.log.record(meta, () => this.inner.createAuthorization(args), (a) => a.id);
  }

  getAuthorization(id: string): Promise<Authorization> {
    return this.log.record({ operation: 'getAuthorization', targetId: id }, () => this.inner.getAuthorization(id));
  }

  capture(id: string, args: MoneyCall): Promise<Authorization> {
    return this.log.record({ operation: 'capture', targetId: id, idempotencyKey: args.idempotencyKey }, () => this.inner.capture(id, args));
  }

  cancelAuthorization(id: string, args: MoneyCall): Promise<Authorization> {
    const meta = { operation: 'cancelAuthorization', targetId: id, idempotencyKey: args.idempotencyKey };
    return this.log.record(meta, () => this.inner.cancelAuthorization(id, args));
  }

  refund(id: string, args: { amountCents: number } & MoneyCall): Promise<{ refundId: string }> {
    const meta = { operation: 'refund', targetId: id, idempotencyKey: args.idempotencyKey, amountCents: args.amountCents };
    return this.log.record(meta, () => this.inner.refund(id, args));
  }

  createConnectAccount(args: Parameters<PaymentProvider['createConnectAccount']>[0]): Promise<{ accountId: string }> {
    return this.log.record({ operation: 'createConnectAccount', idempotencyKey: args.idempotencyKey }, () => this.inner.createConnectAccount(args), (r) => r.accountId);
  }

  createOnboardingLink(accountId: string, args: { returnUrl: string; refreshUrl: string }): Promise<{ url: string }> {
    return this.log.record({ operation: 'createOnboardingLink', targetId: accountId }, () => this.inner.createOnboardingLink(accountId, args));
  }

  getConnectStatus(accountId: string): Promise<ConnectStatus> {
    return this.log.record({ operation: 'getConnectStatus', targetId: accountId }, () => this.inner.getConnectStatus(accountId));
  }

  transfer(args: Parameters<PaymentProvider['transfer']>[0]): Promise<{ transferId: string }> {
    const meta = { operation: 'transfer', bookingId: args.bookingId, targetId: args.accountId, idempotencyKey: args.idempotencyKey, amountCents: args.amountCents };
    return this.log.record(meta, () => this.inner.transfer(args));
  }

  addTestFunds(amountCents: number): Promise<{ amountAdded: number; newAvailableBalance: number }> {
    return this.log.record({ operation: 'addTestFunds', amountCents }, () => this.inner.addTestFunds(amountCents));
  }

  /** Pure signature check on our side: no call to the provider, nothing to record. */
  verifyWebhook(rawBody: Buffer, signatureHeader: string | undefined): ProviderEvent {
    return this.inner.verifyWebhook(rawBody, signatureHeader);
  }
}
