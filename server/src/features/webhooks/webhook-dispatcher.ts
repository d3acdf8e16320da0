import type { EntityManager } from '@mikro-orm/postgresql';
import type { Logger } from 'pino';
import type { Orm } from '../../platform/db/orm';
import type { Clock } from '../../platform/shared/clock';
import { exponentialBackoff, WorkQueue, type Outcome, type Recorded, type WorkRow } from '../../platform/jobs/work-queue';
import type { Metrics } from '../../platform/observability/metrics';
import { requestHeadersOf, sendWebhook } from './webhook-sender';
import { signDelivery } from './webhook-signing';
import { bookingMoneyPending, withBookingMoney } from './webhook-envelope';

/** Retries stop (the delivery fails) this long after it was queued; an endpoint failing this long is disabled. */
export const RETRY_WINDOW_MS = 3 * 24 * 3_600_000;
/** Deliveries to one endpoint in flight at once, across every server instance. */
export const PER_ENDPOINT_CONCURRENCY = 4;
const FIRST_RETRY_MS = 30_000;
const MAX_RETRY_MS = 6 * 3_600_000;
/** Deliveries this process sends at once (sockets; each endpoint is capped by PER_ENDPOINT_CONCURRENCY anyway). */
const PROCESS_CONCURRENCY = 256;

/** Exponential back-off with ±20 % jitter: 30 s, 1 min, 2 min, … capped at 6 h. */
export const retryDelayMs = (attempts: number, random: () => number = Math.random): number => exponentialBackoff(FIRST_RETRY_MS, MAX_RETRY_MS, 0.2, random)(attempts);

export interface DispatcherDeps {
  orm: Orm;
  clock: Clock;
  logger: Logger;
  /** false in production: private, loopback and link-local addresses are refused. */
  allowPrivateAddresses: boolean;
  timeoutMs: number;
  metrics?: Pick<Metrics, 'jobRuns' | 'jobClaims'>;
  /** Writes a public event's deliveries from its fan-out row (WebhooksService.fanOut); returns how many. */
  fanOut: (em: EntityManager, fanoutId: string) => Promise<number>;
  /** A booking event's money fields as partners read them, from the ledger now (features/bookings `moneyOf` + `moneyEventFields`); null: no such booking. */
  bookingMoney: (em: EntityManager, topic: string, bookingId: string) => Promise<Record<string, number> | null>;
  /** Called in the transaction that disables an endpoint (publishes `webhook_endpoint.disabled`). */
  onEndpointDisabled?: (em: EntityManager, endpoint: { id: string; userId: string; url: string; failingSince: Date; disabledAt: Date }) => Promise<void>;
}

interface DeliveryRow extends WorkRow {
  endpoint_id: string;
  event_type: string;
  body: string;
  created_at: Date;
  /** A console test ("Send test event"): its outcome leaves the endpoint's failure streak alone. */
  test: boolean;
}

/**
 * The webhook delivery worker: the `webhook-deliveries` work queue (jobs/work-queue.ts) over the
 * `webhook_deliveries` table. Claims are fair per endpoint: at most PER_ENDPOINT_CONCURRENCY
 * deliveries of one endpoint are in flight across every instance, and each claim takes the
 * oldest due delivery of every endpoint before the second of any, so an endpoint that hangs, or
 * has a backlog of thousands, delays only itself. A send is bounded (webhook-sender.ts: the
 * first 2 KB of the answer, then the socket is closed; the whole exchange within the timeout).
 * Failures are retried with back-off for 3 days; an endpoint failing that long is disabled.
 * Lock order: an endpoint, then its deliveries (as replays and deletions take them).
 *
 * Woken after commits that queue deliveries, by each finished send, and polled every 5 s.
 */
export class WebhookDispatcher {
  readonly queue: WorkQueue<DeliveryRow>;
  /** Public events' fan-outs (`webhook_fanouts`): each becomes one delivery per subscribed endpoint, after the commit. */
  readonly fanouts: WorkQueue;

  constructor(private readonly deps: DispatcherDeps) {
    this.queue = new WorkQueue<DeliveryRow>(
      {
        name: 'webhook-deliveries',
        table: 'webhook_deliveries',
        eligible: 'exists (select 1 from webhook_endpoints e where e.id = c.endpoint_id and e.disabled_at is null)',
        key: { column: 'endpoint_id', limit: PER_ENDPOINT_CONCURRENCY },
        tiebreak: 'seq',
        concurrency: PROCESS_CONCURRENCY,
        leaseMs: deps.timeoutMs + 30_000,
        backoffMs: (attempts) => retryDelayMs(attempts),
        retryWindow: { column: 'created_at', ms: RETRY_WINDOW_MS },
        pollSeconds: 5,
        handle: (row) => this.deliver(row),
        beforeRecord: async (tx, row) => {
          await tx.execute('select 1 from webhook_endpoints where id = ? for update', [row.endpoint_id]);
        },
        onRecorded: (tx, row, result) => this.afterOutcome(tx, row, result),
      },
      { orm: deps.orm, clock: deps.clock, logger: deps.logger, metrics: deps.metrics },
    );
    this.fanouts = new WorkQueue(
      {
        name: 'webhook-fanouts',
        table: 'webhook_fanouts',
        concurrency: 2,
        leaseMs: 60_000,
        backoffMs: (attempts) => retryDelayMs(attempts),
        retryLimit: 10,
        pollSeconds: 5,
        handle: async (row) => {
          const queued = await this.deps.fanOut(this.deps.orm.em.fork(), row.id);
          if (queued > 0) this.queue.wake();
          return { ok: true };
        },
        // Done: the deliveries are the record (nothing to keep).
        onRecorded: async (tx, row, result) => {
          if (result.ok) await tx.execute('delete from webhook_fanouts where id = ?', [row.id]);
        },
      },
      { orm: deps.orm, clock: deps.clock, logger: deps.logger, metrics: deps.metrics },
    );
  }

  /** Looks for due fan-outs and deliveries soon (coalesced), without waiting. */
  wake(): void {
    this.fanouts.wake();
    this.queue.wake();
  }

  /** Writes due fan-outs' deliveries, then claims every due delivery an endpoint has a free slot for and starts sending; returns how many. */
  async runDue(): Promise<number> {
    await this.fanouts.drain();
    return this.queue.runDue();
  }

  /** Resolves when every fan-out and send started so far (and the claims they triggered) has finished. */
  async idle(): Promise<void> {
    await this.fanouts.idle();
    await this.queue.idle();
  }

  /** Stops claiming and waits for sends under way (each at most the timeout). */
  async close(): Promise<void> {
    await Promise.all([this.fanouts.close(), this.queue.close(this.deps.timeoutMs + 1000)]);
  }

  private async deliver(row: DeliveryRow): Promise<Outcome> {
    const now = this.deps.clock.now();
    const em = this.deps.orm.em.fork();
    const [endpoint] = await em.execute<{ url: string; secret: string; previous_secret: string | null; previous_secret_expires_at: Date | null }[]>(
      'select url, secret, previous_secret, previous_secret_expires_at from webhook_endpoints where id = ?',
      [row.endpoint_id],
    );
    if (!endpoint) return { ok: false, error: 'endpoint deleted' };
    const body = await this.builtBody(em, row);
    const secrets = [endpoint.secret];
    if (endpoint.previous_secret && endpoint.previous_secret_expires_at && new Date(endpoint.previous_secret_expires_at) > now) secrets.push(endpoint.previous_secret);
    // The timestamp is the real time of sending: receivers compare it with their own clock.
    const headers = signDelivery(secrets, row.id, new Date(), body);
    const outcome = await sendWebhook(endpoint.url, body, headers, { allowPrivateAddresses: this.deps.allowPrivateAddresses, timeoutMs: this.deps.timeoutMs });
    // What the console shows of the last attempt: the request as sent (signature included) and the answer.
    const set = {
      last_attempt_at: now,
      request_headers: JSON.stringify(requestHeadersOf(body, headers)),
      response_status: outcome.status,
      response_headers: outcome.headers ? JSON.stringify(outcome.headers) : null,
      response_time_ms: outcome.durationMs,
      response_body: outcome.body,
      error: outcome.error,
    };
    return outcome.ok ? { ok: true, status: 'succeeded', set } : { ok: false, error: outcome.error ?? 'failed', set };
  }

  /**
   * The body to send: a booking event's money is added from the ledger at its first send and stored
   * with the delivery, so every retry sends the same bytes (a replay builds it again from the event).
   */
  private async builtBody(em: EntityManager, row: DeliveryRow): Promise<string> {
    const bookingId = bookingMoneyPending(row.event_type, row.body);
    if (!bookingId) return row.body;
    const money = await this.deps.bookingMoney(em, row.event_type, bookingId);
    if (!money) return row.body;
    const body = withBookingMoney(row.body, money);
    await em.execute('update webhook_deliveries set body = ? where id = ?', [body, row.id]);
    return body;
  }

  /** The endpoint's failure streak: cleared by a success; 3 days of failures disable it (its owner hears through the outbox). */
  private async afterOutcome(tx: EntityManager, row: DeliveryRow, result: Recorded): Promise<void> {
    const now = this.deps.clock.now();
    if (row.test) return;
    if (result.ok) {
      await tx.execute('update webhook_endpoints set failing_since = null where id = ? and failing_since is not null', [row.endpoint_id]);
      return;
    }
    const [endpoint] = await tx.execute<{ id: string; user_id: string; url: string; failing_since: Date }[]>(
      `update webhook_endpoints set failing_since = coalesce(failing_since, ?) where id = ? and disabled_at is null
       returning id, user_id, url, failing_since`,
      [now, row.endpoint_id],
    );
    if (!endpoint || now.getTime() - new Date(endpoint.failing_since).getTime() < RETRY_WINDOW_MS) return;
    await tx.execute(`update webhook_endpoints set disabled_at = ?, disabled_reason = ? where id = ?`, [now, 'Every delivery failed for 3 days', endpoint.id]);
    await tx.execute(
      `update webhook_deliveries set status = 'failed', next_attempt_at = null, error = coalesce(error, 'endpoint disabled')
        where endpoint_id = ? and status = 'pending' and (lease_until is null or id = ?)`,
      [endpoint.id, row.id],
    );
    await this.deps.onEndpointDisabled?.(tx, { id: endpoint.id, userId: endpoint.user_id, url: endpoint.url, failingSince: new Date(endpoint.failing_since), disabledAt: now });
    this.deps.logger.warn({ endpoint: endpoint.id }, 'webhooks: endpoint disabled after 3 days of failures');
  }
}
