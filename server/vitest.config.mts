import { createRequire } from 'node:module';
import { availableParallelism } from 'node:os';
import swc from 'unplugin-swc';
import { defineConfig } from 'vitest/config';

// SWC (not esbuild) so decorators get `design:type` metadata, as in the real build.
const require = createRequire(import.meta.url);

export default defineConfig({
  plugins: [swc.vite({ module: { type: 'es6' } })],
  // One graphql instance: the CommonJS build that type-graphql and Apollo also load.
  resolve: { alias: [{ find: /^graphql$/, replacement: require.resolve('graphql') }] },
  test: {
    include: ['src/**/__tests__/**/*.test.ts', 'test/**/*.test.ts', 'bench/**/__tests__/**/*.test.ts'],
    globalSetup: ['test/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
    // Test files spend most of their time waiting (PostgreSQL, HTTP, timers), not computing: vitest's
    // default (cores - 1) ran ONE file at a time on a 2-core machine. Three at a time there: measured
    // on 17 files (auth, profiles, response cache) on 2 busy cores, 394 s -> 266 s of wall time for
    // the same 80 s of CPU. Each file has its own database (cloned from the migrated template).
    maxWorkers: Math.max(3, availableParallelism() - 1),
    minWorkers: 1,
    reporters: ['default'],
  },
});
