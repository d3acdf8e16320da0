// After `vite build`: writes dist/routes/<page>.html, one per route, each the app's index.html
// plus <link rel="modulepreload"> for that route's own chunks (so the browser fetches them in
// parallel with the entry script instead of after it), and, for the static pages, their markup
// rendered at build time (so they paint before any script runs). The server sends the file that
// matches the first path segment (server/src/platform/http/static-client.ts), adding per-page heads and
// first data where a feature declares them (routes/operations.json: the queries it may answer); Brotli and gzip variants are
// written beside each file. Run by `pnpm --filter client build`.
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { build } from 'vite';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(root, 'dist');
const ssrOut = path.join(root, 'node_modules', '.prerender');

/** First path segment → the page module it lazily loads; `prerender` marks pages rendered at build time. */
const PAGES = [
  { key: 'index', path: '/', module: 'src/features/landing/pages/LandingPage.tsx', prerender: true, title: null },
  { key: 'about', path: '/about', module: 'src/features/about/pages/AboutPage.tsx', prerender: true, title: 'About' },
  { key: 'faq', path: '/faq', module: 'src/features/faq/pages/FaqPage.tsx', prerender: true, title: 'FAQ' },
  // A form: typing into a copy that the app then replaces would lose the text, so it waits for the app.
  { key: 'contact', module: 'src/features/contact/pages/ContactPage.tsx', graphql: true },
  { key: 'privacy-policy', path: '/privacy-policy', module: 'src/features/legal/pages/PrivacyPolicyPage.tsx', prerender: true, title: 'Privacy Policy' },
  { key: 'terms-of-use', path: '/terms-of-use', module: 'src/features/legal/pages/TermsOfUsePage.tsx', prerender: true, title: 'Terms of Use' },
  { key: 'auth', module: 'src/features/auth/pages/AuthPage.tsx', graphql: true },
  { key: 'forgot-password', module: 'src/features/auth/pages/ForgotPasswordPage.tsx', graphql: true },
  { key: 'reset-password', module: 'src/features/auth/pages/ResetPasswordPage.tsx', graphql: true },
  { key: 'verify-email', module: 'src/features/auth/pages/VerifyEmailPage.tsx', graphql: true },
  { key: 'dashboard', module: 'src/features/dashboard/pages/DashboardPage.tsx', graphql: true },
  { key: 'streamer', module: 'src/features/creators/pages/CreatorProfilePage.tsx', graphql: true },
  { key: 'brand', module: 'src/features/brands/pages/BrandPage.tsx', graphql: true },
  { key: 'creators', module: 'src/features/marketplace/pages/MarketplacePage.tsx', graphql: true },
  { key: 'stripe-checkout', module: 'src/features/checkout/pages/CheckoutPage.tsx', graphql: true },
  { key: 'support', module: 'src/features/support/pages/SupportConsolePage.tsx', graphql: true },
  { key: 'settings', module: 'src/features/settings/pages/SettingsPage.tsx', graphql: true, optional: true },
];

const manifest = JSON.parse(await readFile(path.join(dist, '.vite', 'manifest.json'), 'utf8'));
const entry = manifest['index.html'];

/** The files `key` pulls in through static imports (itself included). */
function closure(key, seen = new Set()) {
  const chunk = manifest[key];
  if (!chunk || seen.has(key)) return seen;
  seen.add(key);
  for (const dep of chunk.imports ?? []) closure(dep, seen);
  return seen;
}
const loadedByEntry = closure('index.html');

/** A page module's manifest key (Rollup may merge a page into a shared chunk named after it). */
function chunkOf(module) {
  if (manifest[module]) return module;
  const name = path.basename(module, path.extname(module));
  return Object.keys(manifest).find((key) => manifest[key].isDynamicEntry && manifest[key].name === name && !manifest[key].src);
}
/** The GraphQL client (Apollo + the session) that every querying page waits for. */
const sessionChunk = entry.dynamicImports.find((key) => /^_session-/.test(key));

function preloadsFor(page) {
  const keys = new Set([...closure(chunkOf(page.module)), ...(page.graphql && sessionChunk ? closure(sessionChunk) : [])]);
  for (const key of loadedByEntry) keys.delete(key);
  const files = [...keys].map((key) => manifest[key].file);
  const css = [...keys].flatMap((key) => manifest[key].css ?? []);
  return [
    ...files.map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`),
    ...css.map((file) => `<link rel="stylesheet" crossorigin href="/${file}">`),
  ].join('\n    ');
}

async function ssrRenderer() {
  await build({
    root,
    configFile: path.join(root, 'vite.config.ts'),
    logLevel: 'warn',
    build: { ssr: 'src/prerender/entry.tsx', outDir: ssrOut, emptyOutDir: true, sourcemap: false, manifest: false, rollupOptions: { output: { manualChunks: undefined } } },
  });
  return import(pathToFileURL(path.join(ssrOut, 'entry.js')).href);
}

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);
async function writeCompressed(file, text) {
  const bytes = Buffer.from(text, 'utf8');
  await writeFile(file, bytes);
  await writeFile(`${file}.br`, await brotli(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY } }));
  await writeFile(`${file}.gz`, await gzipAsync(bytes, { level: 9 }));
}

const template = await readFile(path.join(dist, 'index.html'), 'utf8');
const { render, pageOperations } = await ssrRenderer();
await rm(path.join(dist, 'routes'), { recursive: true, force: true });
await mkdir(path.join(dist, 'routes'));
for (const page of PAGES) {
  if (!chunkOf(page.module)) {
    if (page.optional) continue;
    throw new Error(`prerender: ${page.module} is not a chunk of the build (was the page moved?)`);
  }
  let html = template.replace('</head>', `  ${preloadsFor(page)}\n  </head>`);
  if (page.prerender) {
    const markup = await render(page.path);
    if (markup.includes('data-page-spinner')) throw new Error(`prerender ${page.path}: the page rendered a loading state`);
    if (page.title) html = html.replace(/<title>[^<]*<\/title>/, `<title>${page.title} · CollabHub</title>`);
    html = html.replace('<title>', '<script src="/prerender-boot.js"></script>\n    <title>');
    // Shown until the app's own render of the page is ready, then removed (PrerenderHandoff).
    html = html.replace(
      '<div id="root"></div>',
      `<style>#prerender ~ #root { display: none }</style>\n    <div id="prerender">${markup}</div>\n    <div id="root"></div>`,
    );
  }
  await writeCompressed(path.join(dist, 'routes', `${page.key}.html`), html);
}
// The queries the server answers into pages (server/src/platform/http/page-meta.ts).
await writeFile(path.join(dist, 'routes', 'operations.json'), JSON.stringify(pageOperations));
await rm(ssrOut, { recursive: true, force: true });
console.log(`prerender: wrote dist/routes/ (${PAGES.filter((p) => chunkOf(p.module)).length} routes, ${PAGES.filter((p) => p.prerender).length} prerendered)`);
