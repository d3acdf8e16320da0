import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

interface ManifestChunk {
  file: string;
  name?: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
}
type Manifest = Record<string, ManifestChunk>;

export interface RouteBundle {
  route: string;
  limitKb: number;
  gzipKb: number;
  /** Largest chunks first (name without hash, gzip KB). */
  chunks: { name: string; gzipKb: number }[];
}

/** The lazily loaded GraphQL client + session chunk (client/src/app/session-loader.ts): a page that queries waits for it. */
const GRAPHQL_SESSION = 'session';

/**
 * Each route's page module (the lazy boundary in client/src/app/routes.tsx), the other lazy chunks
 * it cannot render without, and its budget. The landing page is a `staticPage` (paints before
 * Apollo Client arrives); the creator page queries, so Apollo counts towards its first render.
 */
export const ROUTE_BUDGETS = [
  { route: '/', module: 'src/features/landing/pages/LandingPage.tsx', needs: [], limitKb: 200 },
  { route: '/streamer/:id', module: 'src/features/creators/pages/CreatorProfilePage.tsx', needs: [GRAPHQL_SESSION], limitKb: 300 },
  // The sign-up form with its password meter (which asks the server: no dictionaries to load).
  { route: '/auth', module: 'src/features/auth/pages/AuthPage.tsx', needs: [GRAPHQL_SESSION], limitKb: 300 },
  { route: '/creators', module: 'src/features/marketplace/pages/MarketplacePage.tsx', needs: [GRAPHQL_SESSION], limitKb: 300 },
];

/**
 * Initial JavaScript of a route in the production build: the scripts and module preloads of
 * index.html, the entry's static imports, and the route's lazy page chunk and the lazy chunks it
 * needs to render, with their static imports (from Vite's manifest), each gzipped.
 */
export function measureRouteBundles(clientDist: string): RouteBundle[] {
  const manifestFile = path.join(clientDist, '.vite', 'manifest.json');
  if (!existsSync(manifestFile)) {
    throw new Error(`${manifestFile} is missing: build the client with \`build.manifest: true\` (pnpm build)`);
  }
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Manifest;
  const html = readFileSync(path.join(clientDist, 'index.html'), 'utf8');
  const fromHtml = [...html.matchAll(/<(?:script[^>]*\ssrc|link[^>]*rel="modulepreload"[^>]*\shref)="\/([^"]+\.js)"/g)].map((m) => m[1]);
  const entry = Object.keys(manifest).find((key) => manifest[key].isEntry);
  if (!entry) throw new Error('the Vite manifest has no entry chunk');

  const closure = (key: string, into: Set<string>) => {
    const chunk = manifest[key];
    if (!chunk || into.has(chunk.file)) return;
    into.add(chunk.file);
    for (const dep of chunk.imports ?? []) closure(dep, into);
  };
  const gzipKb = (file: string) => gzipSync(readFileSync(path.join(clientDist, file))).length / 1024;

  return ROUTE_BUDGETS.map(({ route, module, needs, limitKb }) => {
    // A chunk is named by its source module, or (chunks Vite keys by file name) by its chunk name. A
    // page whose chunk also holds modules its own lazy parts import (a dialog loaded on opening) is
    // keyed by file name and named after the page (as client/scripts/prerender.mjs finds it).
    const keys = [module, ...needs].map((wanted) => {
      const name = path.basename(wanted, path.extname(wanted));
      const key = manifest[wanted]
        ? wanted
        : Object.keys(manifest).find((k) => manifest[k].name === wanted || (manifest[k].isDynamicEntry && manifest[k].name === name && !manifest[k].src));
      if (!key) throw new Error(`${wanted} is not a chunk of the build (is it still lazy-loaded for ${route}?)`);
      return key;
    });
    const files = new Set<string>(fromHtml);
    closure(entry, files);
    for (const key of keys) closure(key, files);
    const chunks = [...files]
      .filter((f) => f.endsWith('.js'))
      .map((file) => ({ name: path.basename(file).replace(/-[\w-]{8}\.js$/, ''), gzipKb: gzipKb(file) }))
      .sort((a, b) => b.gzipKb - a.gzipKb);
    return { route, limitKb, gzipKb: chunks.reduce((n, c) => n + c.gzipKb, 0), chunks };
  });
}
