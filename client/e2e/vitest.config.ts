import { defineConfig } from 'vitest/config';

/** Browser journeys against the real production server (see support/server.ts). Run: pnpm test:e2e */
export default defineConfig({
  test: {
    root: new URL('.', import.meta.url).pathname,
    include: ['**/*.e2e.ts'],
    environment: 'node',
    testTimeout: 180_000,
    hookTimeout: 180_000,
    fileParallelism: false,
    pool: 'forks',
    reporters: ['verbose'],
  },
});
