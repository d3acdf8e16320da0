import { defineModule, onEvent } from '../../platform/module';
import { queuedWork } from '../../platform/outbox/outbox';
import { WebhookDelivery } from './webhook-delivery.entity';
import { WebhookDispatcher } from './webhook-dispatcher';
import { WebhookEndpoint } from './webhook-endpoint.entity';
import { isWebhookEventType } from './webhook-event-types';
import { moneyEventFields } from '../bookings';
import { WebhookDeliveryFieldsResolver, WebhooksResolver } from './webhooks.resolver';
import { WEBHOOK_TEST_EVENT } from './webhook-event-catalog';
import { WebhooksService } from './webhooks.service';

declare module '../../platform/module' {
  interface Services {
    webhooks: WebhooksService;
    /** Sends queued webhook deliveries (woken after commits, swept by a job). */
    webhookDispatcher: WebhookDispatcher;
  }
}

/** Partners' webhook endpoints and the deliveries of outbox events to them (Standard Webhooks). */
export const webhooksModule = defineModule({
  name: 'webhooks',
  // Support's disabling of an endpoint is audited (support.audit).
  dependsOn: ['auth', 'support', 'bookings'],
  entities: [WebhookEndpoint, WebhookDelivery],
  resolvers: [WebhooksResolver, WebhookDeliveryFieldsResolver],
  services: ({ deps, services }) => {
    let webhooks: WebhooksService | undefined;
    const webhookDispatcher = new WebhookDispatcher({
      orm: deps.orm,
      clock: deps.clock,
      logger: deps.logger.child({ feature: 'webhooks' }),
      allowPrivateAddresses: !deps.config.isProduction,
      timeoutMs: deps.config.WEBHOOK_TIMEOUT_SECONDS * 1000,
      metrics: deps.metrics,
      fanOut: (em, id) => webhooks!.fanOut(em, id),
      // A booking event's amounts are the ledger's, read when its delivery is built (never carried in the event).
      bookingMoney: async (em, topic, bookingId) => {
        const money = (await services.bookings.moneyOf(em, [bookingId])).get(bookingId);
        return money ? moneyEventFields(topic, money) : null;
      },
      // The owner hears of it through the outbox (a notification, and their e-mail).
      onEndpointDisabled: async (em, endpoint) => {
        await deps.outbox.publish(em, {
          topic: 'webhook_endpoint.disabled',
          aggregateId: endpoint.id,
          audienceUserIds: [endpoint.userId],
          payload: { endpointId: endpoint.id, url: endpoint.url, failingSince: endpoint.failingSince.toISOString(), disabledAt: endpoint.disabledAt.toISOString() },
        });
      },
    });
    webhooks = new WebhooksService({
      clock: deps.clock,
      isProduction: deps.config.isProduction,
      wake: () => webhookDispatcher.wake(),
      requireFreshSecondFactor: (userId, code) => services.auth.requireFreshSecondFactor(userId, code),
      audit: (em, entry) => services.support.audit(em, entry),
      outbox: deps.outbox,
    });
    return { webhooks, webhookDispatcher };
  },
  // Deliveries are written in the producer's transaction, one per matching endpoint.
  extend: ({ services }) => ({ outboxConsumers: [services.webhooks.consumer()] }),
  // Every instance hears every commit; the claims decide which one sends.
  eventHandlers: ({ services }) => [
    onEvent('outboxCommitted', (event) => {
      // Only when the event queued deliveries (an older instance's wake-up does not say: look then).
      if ((isWebhookEventType(event.topic) || event.topic === WEBHOOK_TEST_EVENT) && queuedWork(event, 'webhooks')) services.webhookDispatcher.wake();
    }),
  ],
  // The work queues (webhook-dispatcher.ts): public events' fan-outs, and deliveries (fair per endpoint); polled every 5 s behind the wake-ups.
  jobs: ({ services }) => [services.webhookDispatcher.fanouts, services.webhookDispatcher.queue],
  stop: ({ services }) => services.webhookDispatcher.close(),
});

/** The SSRF guard every outbound request of the product uses (webhooks, connected calendars). */
export { firstForbiddenAddress, ForbiddenAddressError, guardedLookup, isForbiddenAddress } from './webhook-address-guard';

/** The event catalog docs/partners.md's event list is generated from (app/cli/webhook-docs.ts). */
export { withEventCatalog } from './webhook-event-catalog';
