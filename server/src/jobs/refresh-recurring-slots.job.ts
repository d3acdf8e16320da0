import type { Orm } from '../db/orm';
import type { Services } from '../services';
import type { JobDefinition } from './job-scheduler';
import { systemContext } from './system-context';

/** Daily at 03:15 UTC: every creator's weekly patterns are materialised 14 days ahead (spec §9). */
export const refreshRecurringSlotsJob = (orm: Orm, services: Services): JobDefinition => ({
  name: 'refresh-recurring-slots',
  cron: '15 3 * * *',
  run: async (now) => {
    await services.availability.refreshRecurringSlots(systemContext(orm), now);
  },
});
