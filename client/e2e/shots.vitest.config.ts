import { defineConfig } from 'vitest/config';

/** Screenshot runs, not part of `pnpm test:e2e`: `pnpm exec vitest run --config e2e/shots.vitest.config.ts`. */
export default defineConfig({
  test: {
    root: new URL('.', import.meta.url).pathname,
    include: ['**/*.shots.ts'],
    environment: 'node',
    testTimeout: 300_000,
    hookTimeout: 180_000,
    fileParallelism: false,
    pool: 'forks',
    reporters: ['verbose'],
  },
});
