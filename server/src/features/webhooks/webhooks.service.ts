import { LockMode } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Clock } from '../../platform/shared/clock';
import type { SecondFactorCheck } from '../../platform/shared/second-factor';
import { requireViewer, type ServiceContext, type Viewer } from '../../platform/shared/context';
import { badInput, conflict, forbidden, notFound } from '../../platform/shared/errors';
import { decodeCursor, encodeCursor, pageSize, toConnection, UUID_RE, type Connection } from '../../platform/shared/pagination';
import { parseInput } from '../../platform/shared/validation';
import { assertEmailVerified, emailVerifiedSql, UserRole } from '../users';
import { firstForbiddenAddress } from './webhook-address-guard';
import { WebhookDelivery, WebhookDeliveryStatus } from './webhook-delivery.entity';
import { WebhookEndpoint } from './webhook-endpoint.entity';
import { createdIsoSql, envelopeAroundCreated, serializeEnvelope, type WebhookSourceEvent } from './webhook-envelope';
import type { Outbox, OutboxConsumer, SqlPart } from '../../platform/outbox/outbox';
import { WEBHOOK_EVENT_CATALOG, WEBHOOK_TEST_EVENT, type WebhookEventInfo } from './webhook-event-catalog';
import { isPublicEventType, isWebhookEventType, recipientsOf, WEBHOOK_EVENT_TYPES } from './webhook-event-types';
import { newSigningSecret } from './webhook-signing';
import { requireSupportReason, SUPPORT_ACTIONS, type SupportAuditInput } from '../support';
import {
  CreateEndpointSchema,
  DeliveryIdSchema,
  EndpointIdSchema,
  ReplaySchema,
  RotateSecretSchema,
  UpdateEndpointSchema,
  type CreateEndpointInput,
  type UpdateEndpointInput,
} from './webhooks.inputs';

export const MAX_ENDPOINTS = 10;
/** At most this many events per replay; a longer range is refused (choose a shorter one). */
export const MAX_REPLAY_EVENTS = 1000;
const LIST_LIMIT = 100;

export const WEBHOOK_MESSAGES = {
  notFound: 'Webhook endpoint not found',
  deliveryNotFound: 'Webhook delivery not found',
  keysCannotManage: 'API keys cannot manage webhooks; sign in to do this',
  staffAccount: 'Webhook endpoints are for creator and brand accounts, not support staff',
  tooMany: `An account can have at most ${MAX_ENDPOINTS} webhook endpoints; delete one first`,
  httpsOnly: 'url must use https (plain http only for localhost outside production)',
  privateAddress: 'url must not point to a private, loopback or link-local address',
  credentials: 'url must not contain a user name or password',
  unresolvable: 'url: the host name could not be resolved',
} as const;

export interface WebhookEndpointView {
  id: string;
  userId: string;
  url: string;
  eventTypes: string[];
  createdAt: Date;
  enabled: boolean;
  disabledAt: Date | null;
  disabledReason: string | null;
  failingSince: Date | null;
  /** Until when the previous secret still signs (after a rotation with an overlap window). */
  previousSecretExpiresAt: Date | null;
}

export interface CreatedWebhookEndpoint {
  endpoint: WebhookEndpointView;
  /** `whsec_…`: shown once, in this answer. */
  secret: string;
}

export interface WebhookDeliveryView {
  id: string;
  endpointId: string;
  eventId: string;
  eventType: string;
  eventCreatedAt: Date;
  status: WebhookDeliveryStatus;
  attempts: number;
  createdAt: Date;
  nextAttemptAt: Date | null;
  lastAttemptAt: Date | null;
  responseStatus: number | null;
  responseTimeMs: number | null;
  responseBody: string | null;
  error: string | null;
  /** The exact JSON body sent (the envelope). */
  requestBody: string;
  /** The last attempt's request headers, the signature included (null before the first attempt). */
  requestHeaders: Record<string, string> | null;
  responseHeaders: Record<string, string> | null;
  /** Sent from the console ("Send test event"). */
  test: boolean;
}

export interface WebhooksDeps {
  clock: Clock;
  /** Outside production plain http to localhost is allowed, and private addresses are not refused. */
  isProduction: boolean;
  /** Asks the delivery worker to look for due deliveries now (after a commit). */
  wake: () => void;
  /** A fresh TOTP code when the account has two-step sign-in (services.auth). */
  requireFreshSecondFactor?: SecondFactorCheck;
  /** Support's audit log (`support.audit`), written in the transaction of the change. */
  audit: (em: EntityManager, entry: SupportAuditInput) => Promise<string>;
  /** The outbox: a console test event travels the same way as every event. */
  outbox: Pick<Outbox, 'publish'>;
}

/**
 * Partner webhooks: endpoints with their event types and signing secret, the delivery log,
 * resend and replay; and the outbox consumer that turns an event into one delivery per matching
 * endpoint (webhook-dispatcher.ts sends them).
 *
 * Who changes what: only the owner changes an endpoint (URL, events, secret, resend, replay, delete);
 * support staff read every account's endpoints and delivery logs and may disable one, saying why
 * (audited, shown to the owner), nothing else.
 *
 * Who receives what: `creator.*` events (public listing data) reach every endpoint subscribed to
 * them; any other event reaches the endpoints of the users in its audience only (a booking's brand
 * and creator), so one partner never sees another's bookings.
 */
export class WebhooksService {
  constructor(private readonly deps: WebhooksDeps) {}

  /** The in-transaction outbox consumer (contributed by index.ts): writes the deliveries, sends nothing. */
  consumer(): OutboxConsumer {
    return {
      name: 'webhooks',
      topics: [...WEBHOOK_EVENT_TYPES, WEBHOOK_TEST_EVENT],
      statement: (event) => this.deliveriesOf(event),
    };
  }

  readonly eventTypes = WEBHOOK_EVENT_TYPES;

  /** Every event a partner can receive, described, with an example envelope (webhook-event-catalog.ts). */
  readonly eventCatalog: readonly WebhookEventInfo[] = WEBHOOK_EVENT_CATALOG;

  /**
   * "Send test event": a signed `webhook_endpoint.test` event through the outbox to this endpoint
   * only (whatever it subscribes to), its delivery marked as a test. The owner only; the endpoint
   * must be enabled. Returns the queued delivery.
   */
  async sendTestEvent(ctx: ServiceContext, endpointId: string): Promise<WebhookDeliveryView> {
    const viewer = this.requireSignedIn(ctx);
    const { id } = parseInput(EndpointIdSchema, { id: endpointId });
    const deliveryId = await ctx.em.transactional(async (em) => {
      const endpoint = await this.visibleEndpoint(em, viewer, id, true);
      if (endpoint.disabledAt) throw conflict('The endpoint is disabled; enable it first');
      const event = await this.deps.outbox.publish(em, {
        topic: WEBHOOK_TEST_EVENT,
        aggregateId: endpoint.id,
        actorUserId: viewer.id,
        audienceUserIds: [],
        payload: { endpointId: endpoint.id, url: endpoint.url, test: true, message: 'A test event from the CollabHub developer console' },
      });
      const [row] = await em.execute<{ id: string }[]>('select id from webhook_deliveries where event_id = ? and endpoint_id = ?', [event.id, endpoint.id]);
      return row.id;
    });
    this.deps.wake();
    return deliveryById(ctx.em, deliveryId);
  }

  async createEndpoint(ctx: ServiceContext, input: CreateEndpointInput): Promise<CreatedWebhookEndpoint> {
    const viewer = this.requireSignedIn(ctx);
    if (viewer.role === UserRole.SUPPORT) throw forbidden(WEBHOOK_MESSAGES.staffAccount);
    const data = parseInput(CreateEndpointSchema, input);
    await this.checkUrl(data.url);
    await this.deps.requireFreshSecondFactor?.(viewer.id, input.code);
    const now = this.deps.clock.now();
    return ctx.em.transactional(async (em) => {
      // Serialise concurrent creations of one account so the cap holds.
      await em.execute('select 1 from users where id = ? for update', [viewer.id]);
      await assertEmailVerified(em, viewer.id, 'create webhook endpoints');
      const count = await em.count(WebhookEndpoint, { userId: viewer.id });
      if (count >= MAX_ENDPOINTS) throw conflict(WEBHOOK_MESSAGES.tooMany);
      const secret = newSigningSecret();
      const endpoint = em.create(WebhookEndpoint, { userId: viewer.id, url: data.url, eventTypes: data.eventTypes, secret, createdAt: now, updatedAt: now });
      await em.flush();
      return { endpoint: toEndpointView(endpoint), secret };
    });
  }

  async updateEndpoint(ctx: ServiceContext, id: string, input: UpdateEndpointInput): Promise<WebhookEndpointView> {
    const viewer = this.requireSignedIn(ctx);
    const data = parseInput(UpdateEndpointSchema, { ...input, id });
    if (data.url !== undefined) await this.checkUrl(data.url);
    const now = this.deps.clock.now();
    const view = await ctx.em.transactional(async (em) => {
      const endpoint = await this.visibleEndpoint(em, viewer, data.id, true);
      if (data.url !== undefined) endpoint.url = data.url;
      if (data.eventTypes !== undefined) endpoint.eventTypes = data.eventTypes;
      if (data.enabled === true && endpoint.disabledAt) {
        endpoint.disabledAt = null;
        endpoint.disabledReason = null;
        endpoint.failingSince = null;
      } else if (data.enabled === false && !endpoint.disabledAt) {
        endpoint.disabledAt = now;
        endpoint.disabledReason = 'Disabled by its owner';
      }
      endpoint.updatedAt = now;
      await em.flush();
      return toEndpointView(endpoint);
    });
    if (view.enabled) this.deps.wake();
    return view;
  }

  /**
   * Stops deliveries to the endpoint (its queued deliveries wait until it is enabled again). The
   * owner may; support staff may for any account, with a reason (shown to the owner as the endpoint's
   * disabled reason and in their account activity) and a row in the audit log in the same transaction.
   * Only the owner enables it again. Disabling a disabled endpoint changes nothing.
   */
  async disableEndpoint(ctx: ServiceContext, id: string, reason?: unknown): Promise<WebhookEndpointView> {
    const viewer = this.requireSignedIn(ctx);
    const data = parseInput(EndpointIdSchema, { id });
    const supportReason = viewer.role === UserRole.SUPPORT ? requireSupportReason(reason) : null;
    const now = this.deps.clock.now();
    return ctx.em.transactional(async (em) => {
      const endpoint = await em.findOne(WebhookEndpoint, { id: data.id }, { lockMode: LockMode.PESSIMISTIC_WRITE });
      if (!endpoint || !canRead(viewer, endpoint)) throw notFound(WEBHOOK_MESSAGES.notFound);
      if (endpoint.disabledAt) return toEndpointView(endpoint);
      endpoint.disabledAt = now;
      endpoint.disabledReason = supportReason !== null ? `Disabled by CollabHub support: ${supportReason}` : 'Disabled by its owner';
      endpoint.updatedAt = now;
      await em.flush();
      if (supportReason !== null) {
        await this.deps.audit(em, {
          actorId: viewer.id,
          action: SUPPORT_ACTIONS.webhookEndpointDisabled,
          targetUserId: endpoint.userId,
          subjectId: endpoint.id,
          reason: supportReason,
          metadata: { url: endpoint.url },
          at: now,
        });
      }
      return toEndpointView(endpoint);
    });
  }

  /** Deletes the endpoint and its delivery log; nothing more is sent to it. */
  async deleteEndpoint(ctx: ServiceContext, id: string): Promise<boolean> {
    const viewer = this.requireSignedIn(ctx);
    const data = parseInput(EndpointIdSchema, { id });
    return ctx.em.transactional(async (em) => {
      const endpoint = await this.visibleEndpoint(em, viewer, data.id, true);
      await em.execute('delete from webhook_endpoints where id = ?', [endpoint.id]);
      return true;
    });
  }

  /**
   * A new signing secret, shown once. For `overlapHours` (default 24) deliveries carry a signature
   * with the previous secret too, so receivers can switch without missing an event.
   */
  async rotateSecret(ctx: ServiceContext, id: string, overlapHours?: unknown): Promise<CreatedWebhookEndpoint> {
    const viewer = this.requireSignedIn(ctx);
    const data = parseInput(RotateSecretSchema, { id, overlapHours: overlapHours ?? undefined });
    const now = this.deps.clock.now();
    return ctx.em.transactional(async (em) => {
      const endpoint = await this.visibleEndpoint(em, viewer, data.id, true);
      const secret = newSigningSecret();
      endpoint.previousSecret = data.overlapHours > 0 ? endpoint.secret : null;
      endpoint.previousSecretExpiresAt = data.overlapHours > 0 ? new Date(now.getTime() + data.overlapHours * 3_600_000) : null;
      endpoint.secret = secret;
      endpoint.updatedAt = now;
      await em.flush();
      return { endpoint: toEndpointView(endpoint), secret };
    });
  }

  /** The viewer's endpoints, newest first; support staff see everyone's (or one user's). */
  async endpoints(ctx: ServiceContext, userId?: string | null): Promise<WebhookEndpointView[]> {
    const viewer = requireViewer(ctx);
    if (userId && viewer.role !== UserRole.SUPPORT && userId !== viewer.id) throw forbidden('Only support staff can see other accounts\' endpoints');
    const owner = viewer.role === UserRole.SUPPORT ? (userId ?? undefined) : viewer.id;
    if (owner !== undefined && !UUID_RE.test(owner)) throw badInput('userId must be a user id', 'userId');
    const rows = await ctx.em.find(WebhookEndpoint, owner ? { userId: owner } : {}, { orderBy: { createdAt: 'desc', id: 'desc' }, limit: LIST_LIMIT });
    return rows.map(toEndpointView);
  }

  async endpoint(ctx: ServiceContext, id: string): Promise<WebhookEndpointView> {
    const viewer = requireViewer(ctx);
    const data = parseInput(EndpointIdSchema, { id });
    return toEndpointView(await this.readableEndpoint(ctx.em, viewer, data.id));
  }

  /** One endpoint's deliveries, newest first (cursor pages of up to 50). */
  async deliveries(ctx: ServiceContext, endpointId: string, args: { first?: unknown; after?: unknown }): Promise<Connection<WebhookDeliveryView>> {
    const viewer = requireViewer(ctx);
    const { id } = parseInput(EndpointIdSchema, { id: endpointId });
    const size = pageSize(args.first, 20);
    const after =
      args.after === undefined || args.after === null || args.after === ''
        ? null
        : (decodeCursor(String(args.after), (p) => p.length === 1 && typeof p[0] === 'string' && /^\d+$/.test(p[0]))[0] as string);
    const endpoint = await this.readableEndpoint(ctx.em, viewer, id);
    // `seq` is made by the database (not a persisted ORM property), so the page is read with it in SQL.
    const rows = await ctx.em.execute<DeliveryRow[]>(
      `select ${DELIVERY_COLUMNS}, seq::text as seq from webhook_deliveries
        where endpoint_id = ? and (?::bigint is null or seq < ?::bigint) order by seq desc limit ?`,
      [endpoint.id, after, after, size + 1],
    );
    const totalCount = await ctx.em.count(WebhookDelivery, { endpointId: endpoint.id });
    const seqOf = new Map(rows.map((r) => [r.id, r.seq]));
    return toConnection(rows.map(fromDeliveryRow), size, totalCount, (d) => encodeCursor([seqOf.get(d.id)]));
  }

  /** Sends one delivery again (same `webhook-id`), now, with a fresh three days of retries. */
  async resendDelivery(ctx: ServiceContext, deliveryId: string): Promise<WebhookDeliveryView> {
    const viewer = this.requireSignedIn(ctx);
    const { id } = parseInput(DeliveryIdSchema, { id: deliveryId });
    const now = this.deps.clock.now();
    // The answer is the delivery as this call queued it, read under its lock before the commit: once
    // committed, the dispatcher may already be sending it (and counting the attempt) as we answer.
    const queued = await ctx.em.transactional(async (em) => {
      const delivery = await em.findOne(WebhookDelivery, { id }, { lockMode: LockMode.PESSIMISTIC_WRITE });
      if (!delivery) throw notFound(WEBHOOK_MESSAGES.deliveryNotFound);
      const endpoint = await em.findOne(WebhookEndpoint, { id: delivery.endpointId });
      if (!endpoint || !canManage(viewer, endpoint)) throw notFound(WEBHOOK_MESSAGES.deliveryNotFound);
      if (endpoint.disabledAt) throw conflict('The endpoint is disabled; enable it first');
      requeue(delivery, now);
      await em.flush();
      return deliveryById(em, id);
    });
    this.deps.wake();
    return queued;
  }

  /**
   * Sends again every event of [since, until) the endpoint would receive (its event types, its
   * owner's events and public ones), whether it was delivered before or not; returns how many.
   */
  async replayEvents(ctx: ServiceContext, input: { endpointId?: unknown; since?: unknown; until?: unknown }): Promise<number> {
    const viewer = this.requireSignedIn(ctx);
    const data = parseInput(ReplaySchema, input);
    const now = this.deps.clock.now();
    const until = data.until ?? now;
    if (data.since >= until) throw badInput('since must be before until (or before now)', 'since');
    const queued = await ctx.em.transactional(async (em) => {
      const endpoint = await this.visibleEndpoint(em, viewer, data.endpointId, true);
      if (endpoint.disabledAt) throw conflict('The endpoint is disabled; enable it first');
      const events = await em.execute<OutboxRow[]>(
        `select id, topic, payload, created_at, audience_user_ids from outbox_event
          where created_at >= ? and created_at < ? and topic = any(?::text[])
            and (topic like 'creator.%' or ? = any(audience_user_ids)
                 or (topic like 'booking.%' and ? in (payload->>'bookerUserId', payload->>'creatorUserId')))
          order by created_at, seq limit ?`,
        [data.since, until, pgArray(endpoint.eventTypes), endpoint.userId, endpoint.userId, MAX_REPLAY_EVENTS + 1],
      );
      if (events.length > MAX_REPLAY_EVENTS) throw badInput(`The range holds more than ${MAX_REPLAY_EVENTS} events; choose a later since or an earlier until`, 'since');
      for (const row of events) await this.upsertDelivery(em, endpoint.id, fromOutboxRow(row), now, true);
      return events.length;
    });
    if (queued > 0) this.deps.wake();
    return queued;
  }

  /**
   * An event's deliveries, written apart from its append (the outbox itself sends `deliveriesOf`
   * with the event's insert): one pending delivery per endpoint that subscribed to the event's
   * type and may see it. Returns how many.
   */
  async enqueueForEvent(em: EntityManager, event: WebhookSourceEvent): Promise<number> {
    const part = this.deliveriesOf(event);
    if (!part) return 0;
    const rows = await em.execute<unknown[]>(`with ev as (select ?::uuid as id, ?::text as topic, ?::timestamptz as created_at) ${part.sql}`, [event.id, event.topic, event.createdAt, ...part.params]);
    return rows.length;
  }

  /**
   * The outbox consumer: inside the producer's transaction, one pending delivery per endpoint
   * that subscribed to the event's type and may see it (sends happen later, after the commit), as
   * one statement reading the event from the outbox row being inserted (`ev`: sent with the insert).
   */
  deliveriesOf(event: Omit<WebhookSourceEvent, 'createdAt'>): SqlPart | null {
    const [head, tail] = envelopeAroundCreated(event);
    const now = this.deps.clock.now();
    if (event.topic === WEBHOOK_TEST_EVENT) {
      // The one endpoint it was sent for, marked as a test.
      return {
        sql: `insert into webhook_deliveries (id, endpoint_id, event_id, event_type, event_created_at, body, status, attempts, created_at, next_attempt_at, test)
              select gen_random_uuid(), e.id, ev.id, ev.topic, ev.created_at, ? || ${createdIsoSql('ev.created_at')} || ?, 'pending', 0, ?, ?, true
                from ev, webhook_endpoints e
               where e.id = ?::uuid and e.disabled_at is null
              returning 1`,
        params: [head, tail, now, now, String((event.payload as { endpointId?: unknown }).endpointId)],
      };
    }
    if (!isWebhookEventType(event.topic)) return null;
    if (isPublicEventType(event.topic)) {
      // Every subscribed endpoint of every account: one fan-out row here, the deliveries in the worker.
      return {
        sql: `insert into webhook_fanouts (id, topic, event_created_at, body, status, attempts, next_attempt_at)
              select ev.id, ev.topic, ev.created_at, ? || ${createdIsoSql('ev.created_at')} || ?, 'pending', 0, ? from ev
               where exists (select 1 from webhook_endpoints e where e.disabled_at is null and ? = any(e.event_types))
              on conflict (id) do nothing
              returning 1`,
        params: [head, tail, now, event.topic],
      };
    }
    return {
      sql: `insert into webhook_deliveries (id, endpoint_id, event_id, event_type, event_created_at, body, status, attempts, created_at, next_attempt_at)
            select gen_random_uuid(), e.id, ev.id, ev.topic, ev.created_at, ? || ${createdIsoSql('ev.created_at')} || ?, 'pending', 0, ?, ?
              from ev, webhook_endpoints e
             where e.disabled_at is null and ? = any(e.event_types) and e.user_id = any(?::uuid[])
            on conflict (event_id, endpoint_id) do nothing
            returning 1`,
      params: [head, tail, now, now, event.topic, pgArray(recipientsOf(event.topic, event.audienceUserIds, event.payload))],
    };
  }

  /**
   * A public event's fan-out (the `webhook-fanouts` queue's work, after the commit): one pending
   * delivery per enabled endpoint subscribed to it whose owner has a verified e-mail address (only
   * verified accounts create endpoints; the fan-out checks again). Returns how many it queued. Its
   * cost ceiling: MAX_ENDPOINTS per account, verified accounts only.
   */
  async fanOut(em: EntityManager, fanoutId: string): Promise<number> {
    const now = this.deps.clock.now();
    const rows = await em.execute<unknown[]>(
      `insert into webhook_deliveries (id, endpoint_id, event_id, event_type, event_created_at, body, status, attempts, created_at, next_attempt_at)
       select gen_random_uuid(), e.id, f.id, f.topic, f.event_created_at, f.body, 'pending', 0, ?, ?
         from webhook_fanouts f join webhook_endpoints e on e.disabled_at is null and f.topic = any(e.event_types)
        where f.id = ? and ${emailVerifiedSql('e.user_id')}
       on conflict (event_id, endpoint_id) do nothing
       returning 1`,
      [now, now, fanoutId],
    );
    return rows.length;
  }

  private async upsertDelivery(em: EntityManager, endpointId: string, event: WebhookSourceEvent, now: Date, requeueExisting: boolean): Promise<void> {
    await em.execute(
      `insert into webhook_deliveries (id, endpoint_id, event_id, event_type, event_created_at, body, status, attempts, created_at, next_attempt_at)
       values (gen_random_uuid(), ?, ?, ?, ?, ?, 'pending', 0, ?, ?)
       on conflict (event_id, endpoint_id) do ${
         requeueExisting
           ? `update set status = 'pending', attempts = 0, created_at = excluded.created_at, next_attempt_at = excluded.next_attempt_at,
                  lease_until = null, lease_token = null, error = null`
           : 'nothing'
       }`,
      [endpointId, event.id, event.topic, event.createdAt, serializeEnvelope(event), now, now],
    );
  }

  /** https, or http to localhost outside production; no credentials; no private address in production. */
  private async checkUrl(raw: string): Promise<void> {
    let url: URL;
    try {
      url = new URL(raw);
    } catch {
      throw badInput('url must be an absolute URL, e.g. https://example.com/webhooks', 'url');
    }
    const local = ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);
    if (!(url.protocol === 'https:' || (url.protocol === 'http:' && local && !this.deps.isProduction))) throw badInput(WEBHOOK_MESSAGES.httpsOnly, 'url');
    if (url.username || url.password) throw badInput(WEBHOOK_MESSAGES.credentials, 'url');
    if (!this.deps.isProduction) return;
    let forbiddenAddress: string | null;
    try {
      forbiddenAddress = await firstForbiddenAddress(url.hostname);
    } catch {
      throw badInput(WEBHOOK_MESSAGES.unresolvable, 'url');
    }
    if (forbiddenAddress) throw badInput(WEBHOOK_MESSAGES.privateAddress, 'url');
  }

  /** The endpoint for a change, locked, if the viewer owns it; anyone else's (support's included) reads as unknown. */
  private async visibleEndpoint(em: EntityManager, viewer: Viewer, id: string, lock: boolean): Promise<WebhookEndpoint> {
    const endpoint = await em.findOne(WebhookEndpoint, { id }, lock ? { lockMode: LockMode.PESSIMISTIC_WRITE } : {});
    if (!endpoint || !canManage(viewer, endpoint)) throw notFound(WEBHOOK_MESSAGES.notFound);
    return endpoint;
  }

  /** The endpoint for a read: its owner's, or any for support staff; someone else's reads as unknown. */
  private async readableEndpoint(em: EntityManager, viewer: Viewer, id: string): Promise<WebhookEndpoint> {
    const endpoint = await em.findOne(WebhookEndpoint, { id });
    if (!endpoint || !canRead(viewer, endpoint)) throw notFound(WEBHOOK_MESSAGES.notFound);
    return endpoint;
  }

  private requireSignedIn(ctx: ServiceContext): Viewer {
    const viewer = requireViewer(ctx);
    if (viewer.partnerKeyId) throw forbidden(WEBHOOK_MESSAGES.keysCannotManage);
    return viewer;
  }
}

const DELIVERY_COLUMNS = `id, endpoint_id, event_id, event_type, event_created_at, status, attempts, created_at, next_attempt_at,
  last_attempt_at, response_status, response_time_ms, response_body, error, body, request_headers, response_headers, test`;

interface DeliveryRow {
  id: string;
  seq: string;
  endpoint_id: string;
  event_id: string;
  event_type: string;
  event_created_at: Date;
  status: WebhookDeliveryStatus;
  attempts: number;
  created_at: Date;
  next_attempt_at: Date | null;
  last_attempt_at: Date | null;
  response_status: number | null;
  response_time_ms: number | null;
  response_body: string | null;
  error: string | null;
  body: string;
  request_headers: Record<string, string> | null;
  response_headers: Record<string, string> | null;
  test: boolean;
}

async function deliveryById(em: EntityManager, id: string): Promise<WebhookDeliveryView> {
  const [row] = await em.execute<DeliveryRow[]>(`select ${DELIVERY_COLUMNS}, seq::text as seq from webhook_deliveries where id = ?`, [id]);
  return fromDeliveryRow(row);
}

const date = (v: Date | string | null) => (v === null ? null : new Date(v));

const fromDeliveryRow = (r: DeliveryRow): WebhookDeliveryView => ({
  id: r.id,
  endpointId: r.endpoint_id,
  eventId: r.event_id,
  eventType: r.event_type,
  eventCreatedAt: new Date(r.event_created_at),
  status: r.status,
  attempts: Number(r.attempts),
  createdAt: new Date(r.created_at),
  nextAttemptAt: date(r.next_attempt_at),
  lastAttemptAt: date(r.last_attempt_at),
  responseStatus: r.response_status,
  responseTimeMs: r.response_time_ms,
  responseBody: r.response_body,
  error: r.error,
  requestBody: r.body,
  requestHeaders: r.request_headers,
  responseHeaders: r.response_headers,
  test: r.test,
});

interface OutboxRow {
  id: string;
  topic: string;
  payload: Record<string, unknown>;
  created_at: Date;
  audience_user_ids: string[];
}

const fromOutboxRow = (row: OutboxRow): WebhookSourceEvent => ({
  id: row.id,
  topic: row.topic,
  payload: row.payload,
  createdAt: new Date(row.created_at),
  audienceUserIds: row.audience_user_ids ?? [],
});

/** A PostgreSQL array literal (the query builder would inline a JS array as a list). Values are uuids or event types. */
const pgArray = (values: readonly string[]) => `{${values.join(',')}}`;

/** Changes are the owner's alone (support disables through `disableEndpoint`, audited). */
const canManage = (viewer: Viewer, endpoint: WebhookEndpoint) => endpoint.userId === viewer.id;
const canRead = (viewer: Viewer, endpoint: WebhookEndpoint) => endpoint.userId === viewer.id || viewer.role === UserRole.SUPPORT;

function requeue(delivery: WebhookDelivery, now: Date): void {
  delivery.status = WebhookDeliveryStatus.PENDING;
  delivery.attempts = 0;
  delivery.createdAt = now;
  delivery.nextAttemptAt = now;
  delivery.leaseUntil = null;
  delivery.leaseToken = null;
  delivery.error = null;
}

export function toEndpointView(e: WebhookEndpoint): WebhookEndpointView {
  return {
    id: e.id,
    userId: e.userId,
    url: e.url,
    eventTypes: [...e.eventTypes],
    createdAt: e.createdAt,
    enabled: !e.disabledAt,
    disabledAt: e.disabledAt ?? null,
    disabledReason: e.disabledReason ?? null,
    failingSince: e.failingSince ?? null,
    previousSecretExpiresAt: e.previousSecret ? (e.previousSecretExpiresAt ?? null) : null,
  };
}
