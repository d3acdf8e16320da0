import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from './vite-plugins/precompress';
import { reactIconsPerIcon } from './vite-plugins/react-icons-per-icon';

const API_ORIGIN = 'http://localhost:4000';

export default defineConfig(({ command, isSsrBuild }) => ({
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
          // Positioning (tooltips, popovers, menus): kept whole and apart, so that the merging of
          // small chunks below does not fold it into a first load that has no popup.
          if (/[\\/]node_modules[\\/](@floating-ui[\\/][^\\/]+|@zag-js[\\/]popper)[\\/]/.test(id)) return 'popper';
          return undefined;
        },
        // A group holds the modules named above and nothing else: Rollup would otherwise pull their
        // unassigned dependencies (Zag's dom-query, ...) in, and every page needing those would load it.
        onlyExplicitManualChunks: true,
        // Split by use alone, a page's first load was 50-60 files of 0.2-3 KB (Zag and Ark's
        // per-component pieces). Chunks under 3 KB are merged into another chunk loaded with them:
        // 51 -> 29 files on the creator page, 37 -> 21 on the landing, a few KB more code on some
        // routes (bench/RESULTS.md, thirteenth round). Not more: a page smaller than this could be
        // merged away, and scripts/prerender.mjs (and the bench) then fail to find it. Not in the
        // prerender's server build, where it breaks Apollo's CommonJS imports.
        experimentalMinChunkSize: isSsrBuild ? undefined : 3_000,
      },
    },
  },
}));
