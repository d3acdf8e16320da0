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
    // One journey at a time. Each has its own server and database (cloned from the run's migrated
    // template), so they could run side by side, but on two cores two Chromiums and two servers
    // contend: measured in full runs, 514 s two at a time against 452 s one at a time.
    fileParallelism: false,
    pool: 'forks',
    reporters: ['verbose'],
  },
});
