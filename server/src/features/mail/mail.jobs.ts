import type { JobDefinition } from '../../platform/jobs/job-scheduler';
import type { EmailDeliveryWorker } from './email-delivery';

/** The sweep behind the wake-ups: due retries, message digests whose wait is over, lost wake-ups. */
export const emailDeliveriesJob = (worker: EmailDeliveryWorker): JobDefinition => ({
  name: 'email-deliveries',
  everySeconds: 10,
  run: async (now) => {
    await worker.runDue(now);
  },
});
