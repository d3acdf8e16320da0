import { defineModule } from '../../module';
import { WebhookDelivery } from './webhook-delivery.entity';
import { WebhookDispatcher } from './webhook-dispatcher';
import { WebhookEndpoint } from './webhook-endpoint.entity';
import { WebhooksResolver } from './webhooks.resolver';
import { WebhooksService } from './webhooks.service';

declare module '../../module' {
  interface Services {
    webhooks: WebhooksService;
    /** Sends queued webhook deliveries (woken after commits, swept by a job). */
    webhookDispatcher: WebhookDispatcher;
  }
}

/** Partners' webhook endpoints and the deliveries of events to them (Standard Webhooks). */
export const webhooksModule = defineModule({
  name: 'webhooks',
  entities: [WebhookEndpoint, WebhookDelivery],
  resolvers: [WebhooksResolver],
  services: ({ deps }) => {
    const webhookDispatcher = new WebhookDispatcher({
      orm: deps.orm,
      clock: deps.clock,
      logger: deps.logger.child({ feature: 'webhooks' }),
      allowPrivateAddresses: !deps.config.isProduction,
      timeoutMs: deps.config.WEBHOOK_TIMEOUT_SECONDS * 1000,
    });
    const webhooks = new WebhooksService({ clock: deps.clock, isProduction: deps.config.isProduction, wake: () => webhookDispatcher.wake() });
    return { webhooks, webhookDispatcher };
  },
  jobs: ({ services }) => [
    {
      // The sweep behind the wake-ups: due retries, and deliveries whose wake-up was lost.
      name: 'webhook-deliveries',
      everySeconds: 5,
      run: async () => {
        await services.webhookDispatcher.runDue();
      },
    },
  ],
  stop: ({ services }) => services.webhookDispatcher.close(),
});
