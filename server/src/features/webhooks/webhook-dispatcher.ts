import { randomUUID } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Logger } from 'pino';
import type { Orm } from '../../platform/db/orm';
import type { Clock } from '../../platform/shared/clock';
import { sendWebhook, type SendOutcome } from './webhook-sender';
import { signDelivery } from './webhook-signing';

/** Retries stop (the delivery fails) this long after it was queued; an endpoint failing this long is disabled. */
export const RETRY_WINDOW_MS = 3 * 24 * 3_600_000;
/** Deliveries to one endpoint in flight at once, across every server instance. */
export const PER_ENDPOINT_CONCURRENCY = 4;
const FIRST_RETRY_MS = 30_000;
const MAX_RETRY_MS = 6 * 3_600_000;
const CLAIM_BATCH = 200;

/** Exponential back-off with ±20 % jitter: 30 s, 1 min, 2 min, … capped at 6 h. */
export function retryDelayMs(attempts: number, random: () => number = Math.random): number {
  const base = Math.min(FIRST_RETRY_MS * 2 ** Math.max(0, attempts - 1), MAX_RETRY_MS);
  return Math.round(base * (0.8 + 0.4 * random()));
}

export interface DispatcherDeps {
  orm: Orm;
  clock: Clock;
  logger: Logger;
  /** false in production: private, loopback and link-local addresses are refused. */
  allowPrivateAddresses: boolean;
  timeoutMs: number;
  /** Called in the transaction that disables an endpoint (publishes `webhook_endpoint.disabled`). */
  onEndpointDisabled?: (em: EntityManager, endpoint: { id: string; userId: string; url: string; failingSince: Date; disabledAt: Date }) => Promise<void>;
}

interface Claimed {
  id: string;
  endpoint_id: string;
  body: string;
  attempts: number;
  created_at: Date;
  url: string;
  secret: string;
  previous_secret: string | null;
  previous_secret_expires_at: Date | null;
}

/**
 * The webhook delivery worker. `runDue` claims due deliveries (a lease, by one conditional update,
 * so two instances never send the same one at once) and starts their sends without waiting for
 * them: a slow endpoint holds at most PER_ENDPOINT_CONCURRENCY leases of its own and never delays
 * another endpoint's deliveries. Each send's outcome is recorded conditional on its lease; a
 * crash leaves a lease that expires, and the delivery is sent again with the same webhook-id.
 *
 * Triggered by the sweep job (the webhooks module's job), by wake() after commits that queue deliveries,
 * and by each finished send (the endpoint's next delivery may be waiting for its slot).
 */
export class WebhookDispatcher {
  private readonly inFlight = new Set<Promise<void>>();
  private wakeScheduled = false;
  private running: Promise<number> | null = null;
  private rerun = false;
  private closed = false;

  constructor(private readonly deps: DispatcherDeps) {}

  /** Looks for due deliveries soon (coalesced), without waiting. */
  wake(): void {
    if (this.closed || this.wakeScheduled) return;
    this.wakeScheduled = true;
    setImmediate(() => {
      this.wakeScheduled = false;
      this.runDue().catch((err: unknown) => this.deps.logger.error({ err }, 'webhooks: dispatch failed'));
    });
  }

  /** Claims every due delivery an endpoint has a free slot for and starts sending; returns how many. */
  async runDue(): Promise<number> {
    if (this.closed) return 0;
    if (this.running) {
      this.rerun = true; // a run is under way; run once more after it (new work may have arrived)
      return this.running;
    }
    this.running = (async () => {
      let total = 0;
      do {
        this.rerun = false;
        total += await this.claimAndSend();
      } while (this.rerun && !this.closed);
      return total;
    })().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  /** Resolves when every send started so far (and the runs they triggered) has finished. */
  async idle(): Promise<void> {
    while (this.inFlight.size > 0 || this.running || this.wakeScheduled) {
      await Promise.allSettled([...this.inFlight, this.running]);
      await new Promise((r) => setImmediate(r));
    }
  }

  /** Stops claiming and waits for sends under way (each at most the timeout). */
  async close(): Promise<void> {
    this.closed = true;
    await Promise.allSettled([...this.inFlight, this.running]);
  }

  private async claimAndSend(): Promise<number> {
    const now = this.deps.clock.now();
    const token = randomUUID();
    const leaseUntil = new Date(now.getTime() + this.deps.timeoutMs + 30_000);
    const em = this.deps.orm.em.fork();
    const claimed = await em.execute<Claimed[]>(
      `with due as (
         select d.id, d.endpoint_id, row_number() over (partition by d.endpoint_id order by d.next_attempt_at, d.seq) as rn
           from (select id, endpoint_id, next_attempt_at, seq from webhook_deliveries
                  where status = 'pending' and next_attempt_at <= ? and (lease_until is null or lease_until <= ?)
                  order by next_attempt_at limit ?) d
       ), busy as (
         select endpoint_id, count(*)::int as n from webhook_deliveries
          where status = 'pending' and lease_until > ? group by endpoint_id
       )
       update webhook_deliveries w
          set lease_until = ?, lease_token = ?, attempts = w.attempts + 1, last_attempt_at = ?
         from due join webhook_endpoints e on e.id = due.endpoint_id and e.disabled_at is null
              left join busy on busy.endpoint_id = due.endpoint_id
        where w.id = due.id and due.rn + coalesce(busy.n, 0) <= ?
          and w.status = 'pending' and (w.lease_until is null or w.lease_until <= ?)
       returning w.id, w.endpoint_id, w.body, w.attempts, w.created_at, e.url, e.secret, e.previous_secret, e.previous_secret_expires_at`,
      [now, now, CLAIM_BATCH, now, leaseUntil, token, now, PER_ENDPOINT_CONCURRENCY, now],
    );
    for (const row of claimed) {
      const send = this.deliver(row, token).catch((err: unknown) => this.deps.logger.error({ err, delivery: row.id }, 'webhooks: recording a send failed'));
      this.inFlight.add(send);
      void send.finally(() => {
        this.inFlight.delete(send);
        this.wake(); // this endpoint has a free slot again
      });
    }
    return claimed.length;
  }

  private async deliver(row: Claimed, token: string): Promise<void> {
    const now = this.deps.clock.now();
    const secrets = [row.secret];
    if (row.previous_secret && row.previous_secret_expires_at && new Date(row.previous_secret_expires_at) > now) secrets.push(row.previous_secret);
    // The timestamp is the real time of sending: receivers compare it with their own clock.
    const headers = signDelivery(secrets, row.id, new Date(), row.body);
    const outcome = await sendWebhook(row.url, row.body, headers, { allowPrivateAddresses: this.deps.allowPrivateAddresses, timeoutMs: this.deps.timeoutMs });
    await this.record(row, token, outcome);
  }

  private async record(row: Claimed, token: string, outcome: SendOutcome): Promise<void> {
    const now = this.deps.clock.now();
    const em = this.deps.orm.em.fork();
    await em.transactional(async (tx) => {
      const common = [outcome.status, outcome.durationMs, outcome.body, outcome.error];
      if (outcome.ok) {
        await tx.execute(
          `update webhook_deliveries set status = 'succeeded', next_attempt_at = null, lease_until = null, lease_token = null,
                  response_status = ?, response_time_ms = ?, response_body = ?, error = ?
            where id = ? and lease_token = ?`,
          [...common, row.id, token],
        );
        await tx.execute('update webhook_endpoints set failing_since = null where id = ? and failing_since is not null', [row.endpoint_id]);
        return;
      }
      const expired = now.getTime() - new Date(row.created_at).getTime() >= RETRY_WINDOW_MS;
      const next = expired ? null : new Date(now.getTime() + retryDelayMs(row.attempts));
      const updated = await tx.execute<{ id: string }[]>(
        `update webhook_deliveries set status = ?, next_attempt_at = ?, lease_until = null, lease_token = null,
                response_status = ?, response_time_ms = ?, response_body = ?, error = ?
          where id = ? and lease_token = ? returning id`,
        [expired ? 'failed' : 'pending', next, ...common, row.id, token],
      );
      if (updated.length === 0) return; // resent or deleted meanwhile: that newer state stands
      const [endpoint] = await tx.execute<{ id: string; user_id: string; url: string; failing_since: Date }[]>(
        `update webhook_endpoints set failing_since = coalesce(failing_since, ?) where id = ? and disabled_at is null
         returning id, user_id, url, failing_since`,
        [now, row.endpoint_id],
      );
      if (!endpoint || now.getTime() - new Date(endpoint.failing_since).getTime() < RETRY_WINDOW_MS) return;
      await tx.execute(`update webhook_endpoints set disabled_at = ?, disabled_reason = ? where id = ?`, [
        now,
        'Every delivery failed for 3 days',
        endpoint.id,
      ]);
      await tx.execute(
        `update webhook_deliveries set status = 'failed', next_attempt_at = null, error = coalesce(error, 'endpoint disabled')
          where endpoint_id = ? and status = 'pending' and (lease_until is null or id = ?)`,
        [endpoint.id, row.id],
      );
      await this.deps.onEndpointDisabled?.(tx, { id: endpoint.id, userId: endpoint.user_id, url: endpoint.url, failingSince: new Date(endpoint.failing_since), disabledAt: now });
      this.deps.logger.warn({ endpoint: endpoint.id }, 'webhooks: endpoint disabled after 3 days of failures');
    });
  }
}
