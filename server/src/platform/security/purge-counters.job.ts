import type { JobDefinition } from '../jobs/job-scheduler';
import type { RateLimitStore } from './rate-limits';

/** Deletes finished rate-limit and sign-in windows (PostgreSQL store; Redis expires them itself). */
export const purgeCountersJob = (store: RateLimitStore): JobDefinition => ({
  name: 'purge-rate-limit-counters',
  cron: '*/10 * * * *',
  run: async () => {
    await store.purgeExpired(new Date());
  },
});
