import type { JobDefinition } from '../../jobs/job-scheduler';
import type { WebhookDispatcher } from './webhook-dispatcher';

/** The sweep behind the wake-ups: due retries, and deliveries whose wake-up was lost. */
export const webhookDeliveriesJob = (dispatcher: WebhookDispatcher): JobDefinition => ({
  name: 'webhook-deliveries',
  everySeconds: 5,
  run: async () => {
    await dispatcher.runDue();
  },
});
