import { createRequire } from 'node:module';
import { availableParallelism } from 'node:os';
import swc from 'unplugin-swc';
import { defineConfig } from 'vitest/config';

// SWC (not esbuild) so decorators get `design:type` metadata, as in the real build.
const require = createRequire(import.meta.url);

const ALL = ['src/**/__tests__/**/*.test.ts', 'test/**/*.test.ts', 'bench/**/__tests__/**/*.test.ts'];
/**
 * Files that need a process of their own: they mock a module for the whole file (`vi.mock`), stop
 * and start PostgreSQL under a running server, or watch how a process exits. Every other file
 * shares its worker's module graph with the files the worker ran before it.
 */
const ISOLATED = [
  'src/platform/db/__tests__/optional-embedded.test.ts',
  'src/platform/db/__tests__/exit-code.test.ts',
  'src/platform/db/__tests__/dead-database.test.ts',
  'src/platform/observability/__tests__/readiness.test.ts',
  'src/app/process/__tests__/*.test.ts',
];

export default defineConfig({
  plugins: [swc.vite({ module: { type: 'es6' } })],
  // One graphql instance: the CommonJS build that type-graphql and Apollo also load.
  resolve: { alias: [{ find: /^graphql$/, replacement: require.resolve('graphql') }] },
  test: {
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
    projects: [
      // Importing the server (type-graphql's schema, MikroORM's metadata, Apollo) costs several
      // CPU-seconds; a worker that keeps its module graph between files pays it once, not per file.
      // Each file still has its own database and its own server instance (test/harness.ts).
      { extends: true, test: { name: 'shared', include: ALL, exclude: ISOLATED, isolate: false, poolOptions: { forks: { isolate: false } } } },
      { extends: true, test: { name: 'isolated', include: ISOLATED, isolate: true } },
    ],
  },
});
