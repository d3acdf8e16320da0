import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from './vite-plugins/precompress';
import { reactIconsPerIcon } from './vite-plugins/react-icons-per-icon';

const API_ORIGIN = 'http://localhost:4000';

export default defineConfig(({ command }) => ({
  plugins: [react(), reactIconsPerIcon(), precompress()],
  // Apollo Client decides "development" at run time from globalThis.__DEV__; the production build
  // fixes it to false, so its dev-only checks and messages ("Download the Apollo DevTools") go.
  define: command === 'build' ? { 'globalThis.__DEV__': JSON.stringify(false) } : {},
  server: {
    port: 5173,
    proxy: {
      '/graphql': { target: API_ORIGIN, changeOrigin: true, ws: true },
      '/api': { target: API_ORIGIN, changeOrigin: true },
      '/healthz': { target: API_ORIGIN, changeOrigin: true },
    },
  },
  preview: {
    port: 4173,
    proxy: {
      '/graphql': { target: API_ORIGIN, changeOrigin: true, ws: true },
      '/api': { target: API_ORIGIN, changeOrigin: true },
      '/healthz': { target: API_ORIGIN, changeOrigin: true },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    manifest: true, // dist/.vite/manifest.json: the bench sums each route's initial JavaScript from it
    rollupOptions: {
      output: {
        // React changes least often: its own cacheable chunk. Chakra and Apollo are NOT grouped: a
        // vendor chunk would put every component any page uses into the first load; split by
        // use, the components of lazy pages load with those pages (`pnpm bench`: -33 KB gzip on /).
        manualChunks(id) {
          if (/[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom)[\\/]/.test(id)) return 'react';
          return undefined;
        },
      },
    },
  },
}));
