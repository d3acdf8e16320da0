import { createRequire } from 'node:module';
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
    reporters: ['default'],
  },
});
