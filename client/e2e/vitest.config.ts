import { defineConfig } from 'vitest/config';

/** Browser journeys against the real production server (see support/server.ts). Run: pnpm test:e2e */
export default defineConfig({
  test: {
    root: new URL('.', import.meta.url).pathname,
    include: ['**/*.e2e.ts'],
    environment: 'node',
    globalSetup: ['support/global-setup.ts'],
    testTimeout: 180_000,
    hookTimeout: 180_000,
    // Two journeys at a time: each has its own server and database (cloned from the run's template),
    // and a journey spends most of its time waiting on its browser and server, not computing.
    fileParallelism: true,
    maxWorkers: 2,
    minWorkers: 1,
    pool: 'forks',
    reporters: ['verbose'],
  },
});
