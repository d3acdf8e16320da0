import { defineConfig, mergeConfig } from 'vitest/config';
import viteConfig from './vite.config';

export default defineConfig((env) =>
  mergeConfig(
    viteConfig(env),
    defineConfig({
      test: {
        environment: 'jsdom',
        setupFiles: ['./src/test/setup.ts'],
        include: ['src/**/__tests__/*.test.{ts,tsx}'],
        css: false,
        restoreMocks: true,
        // jsdom + Chakra renders are slow on a loaded 2-core CI machine; these are not timing tests.
        testTimeout: 30_000,
      },
    }),
  ),
);
