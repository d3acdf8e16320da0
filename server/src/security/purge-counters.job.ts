import type { JobDefinition } from '../jobs/job-scheduler';
import type { CounterStore } from './counter-store';

/** Deletes finished rate-limit and sign-in windows (PostgreSQL store; Redis expires them itself). */
export const purgeCountersJob = (store: CounterStore): JobDefinition => ({
  name: 'purge-rate-limit-counters',
  cron: '*/10 * * * *',
  run: async (now) => {
    await store.purgeExpired(now);
  },
});
