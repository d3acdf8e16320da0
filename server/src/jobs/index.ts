import type { Orm } from '../db/orm';
import type { Services } from '../services';
import type { JobScheduler } from './job-scheduler';
import { localPayoutsJob } from './local-payouts.job';
import { refreshRecurringSlotsJob } from './refresh-recurring-slots.job';
import { webhookDeliveriesJob } from '../features/webhooks/webhooks.job';

/** Every background job of the application (each a sweep; see JobDefinition). Add one line per job. */
export function registerJobs(jobs: JobScheduler, { orm, services }: { orm: Orm; services: Services }): void {
  jobs.register(refreshRecurringSlotsJob(orm, services));
  for (const job of services.bookingTimers.jobs()) jobs.register(job);
  // After the payout timer, so a booking released in this sweep is paid out in the same one.
  jobs.register(localPayoutsJob(services));
  jobs.register(webhookDeliveriesJob(services.webhookDispatcher));
}
