import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const API_ORIGIN = 'http://localhost:4000';

export default defineConfig({
  plugins: [react()],
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
        // Vendor libraries change less often than app code: keep them in their own cacheable chunks.
        manualChunks(id) {
          if (!id.includes('node_modules')) return undefined;
          if (/[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom)[\\/]/.test(id)) return 'react';
          if (/[\\/]node_modules[\\/](@apollo|graphql|graphql-ws|@wry|optimism|zen-observable|ts-invariant)[\\/]/.test(id)) return 'apollo';
          if (/[\\/]node_modules[\\/](@chakra-ui|@ark-ui|@zag-js|@emotion|@pandacss|next-themes)[\\/]/.test(id)) return 'chakra';
          return undefined;
        },
      },
    },
  },
});
