import { existsSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import express, { type Express, type NextFunction, type Request, type Response } from 'express';
import type { RequestContext } from '../request-context';
import {
  notFoundHead,
  robotsTxt,
  sitemapXml,
  STATIC_PUBLIC_PAGES,
  withHead,
  type PageHeadSource,
  type PageRequest,
  type SitemapSource,
} from './page-meta';

const gzipAsync = promisify(gzip);

/** What the server adds to the build's pages: per-page heads and first data, robots.txt, the sitemap. */
export interface PageMetaOptions {
  /** The site's absolute base (PUBLIC_URL, else where the server listens). */
  publicUrl: () => string;
  heads: readonly PageHeadSource[];
  sitemap: readonly SitemapSource[];
  /** A fresh anonymous request context. */
  anonymousContext: () => RequestContext;
  run: PageRequest['run'];
  /** A head that failed is logged and the page is sent as built. */
  onError: (err: unknown, path: string) => void;
}

/** Build output named by its content hash (`assets/name-<hash>.js`): never changes under that name. */
const HASHED_ASSET = /^\/assets\//;
const HASHED_MAX_AGE = 'public, max-age=31536000, immutable';
const OTHER_MAX_AGE = 'public, max-age=3600';
/** Files the client build precompresses (client/vite-plugins/precompress.ts). */
const COMPRESSIBLE = /\.(js|css|html|svg|json)$/;
const VARIANTS = { br: '.br', gzip: '.gz' } as const;
type Encoding = keyof typeof VARIANTS;

/** The precompressed variant of `file` the request accepts (Brotli first), if the build wrote one. */
async function acceptedVariant(req: Request, file: string): Promise<{ encoding: Encoding; file: string } | null> {
  for (const encoding of Object.keys(VARIANTS) as Encoding[]) {
    if (req.acceptsEncodings(encoding, 'identity') !== encoding) continue;
    const variant = file + VARIANTS[encoding];
    const found = await stat(variant).then(
      (s) => s.isFile(),
      () => false,
    );
    if (found) return { encoding, file: variant };
  }
  return null;
}

/** The file a URL path names inside `dist`, or null (malformed, or outside `dist`). */
function fileInside(dist: string, urlPath: string): string | null {
  try {
    const file = path.join(dist, path.normalize(decodeURIComponent(urlPath)));
    return file.startsWith(dist + path.sep) ? file : null;
  } catch {
    return null;
  }
}

/**
 * The page file the client build wrote for a URL path (client/scripts/prerender.mjs): per first
 * path segment, `routes/<segment>.html` (`routes/index.html` for `/`), the app's `index.html` with
 * that route's chunks preloaded and, for static pages, their markup rendered at build time.
 */
async function pageFileFor(dist: string, urlPath: string): Promise<string | null> {
  const segment = urlPath.split('/')[1] || 'index';
  if (!/^[a-z0-9-]+$/.test(segment)) return null;
  const file = path.join(dist, 'routes', `${segment}.html`);
  return (await stat(file).then(
    (s) => s.isFile(),
    () => false,
  ))
    ? file
    : null;
}

/** Marks a response as the `encoding` variant of a file of type `ext` (send would type it by `.br`). */
function markEncoded(res: Response, encoding: Encoding, ext: string) {
  res.setHeader('Content-Encoding', encoding);
  res.type(ext);
}

/**
 * The built client at `/`: precompressed files when the browser accepts them (`Vary:
 * Accept-Encoding`), hashed assets cached for a year, pages always revalidated, and history
 * fallback so deep links like /dashboard load the app (with the route's own page file when the
 * build wrote one).
 */
export function serveClient(app: Express, clientDist: string, pages?: PageMetaOptions) {
  const dist = path.resolve(clientDist);
  const index = path.join(dist, 'index.html');

  if (pages) {
    app.get('/robots.txt', (_req, res) => {
      res.setHeader('Cache-Control', 'public, max-age=3600');
      res.type('text/plain').send(robotsTxt(pages.publicUrl()));
    });
    app.get('/sitemap.xml', async (_req, res, next) => {
      try {
        const ctx = pages.anonymousContext();
        const found = (await Promise.all(pages.sitemap.map((s) => s.entries(ctx)))).flat();
        res.setHeader('Cache-Control', 'public, max-age=600');
        res.type('application/xml').send(sitemapXml(pages.publicUrl(), [...STATIC_PUBLIC_PAGES.map((p) => ({ path: p })), ...found]));
      } catch (err) {
        next(err);
      }
    });
  }
  const heads = new Map((pages?.heads ?? []).map((h) => [h.segment, h]));
  const operations = operationTexts(dist);

  /** The page with its server-rendered head, or null (send the build's file as it is). */
  const renderedPage = async (req: Request, file: string): Promise<{ html: string; status: number } | null> => {
    const [, segment, ...params] = req.path.split('/');
    const source = pages && heads.get(segment ?? '');
    if (!pages || !source) return null;
    try {
      const ctx = pages.anonymousContext();
      const ops = await operations();
      const head = await source.head({ params: params.filter(Boolean), ctx, operation: (name) => ops[name], run: pages.run });
      if (!head) return null;
      const html = await readFile(file, 'utf8');
      return head === 'not-found' ? { html: notFoundHead(html), status: 404 } : { html: withHead(html, head, pages.publicUrl()), status: 200 };
    } catch (err) {
      pages.onError(err, req.path);
      return null;
    }
  };

  // For a compressible file with a precompressed variant the browser accepts, serve the variant.
  app.use(async (req: Request, res: Response, next: NextFunction) => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || !COMPRESSIBLE.test(req.path)) return next();
    const file = fileInside(dist, req.path);
    if (!file) return next();
    res.vary('Accept-Encoding');
    const variant = await acceptedVariant(req, file).catch(() => null);
    if (variant) {
      res.locals.encodedAs = { encoding: variant.encoding, ext: path.extname(req.path) };
      req.url = req.path + VARIANTS[variant.encoding];
    }
    next();
  });

  app.use(
    express.static(dist, {
      index: false,
      setHeaders: (res: Response, filePath: string) => {
        const encoded = res.locals.encodedAs as { encoding: Encoding; ext: string } | undefined;
        if (encoded) markEncoded(res, encoded.encoding, encoded.ext);
        const served = '/' + path.relative(dist, filePath).split(path.sep).join('/');
        const isIndex = served === '/index.html' || served.startsWith('/index.html.');
        res.setHeader(
          'Cache-Control',
          isIndex ? 'no-cache' : HASHED_ASSET.test(served) ? HASHED_MAX_AGE : OTHER_MAX_AGE,
        );
      },
    }),
  );

  app.get(/^(?!\/(api|graphql|healthz|readyz|metrics)(\/|$)).*/, async (req, res) => {
    if (!existsSync(index)) {
      res.status(503).type('text/plain').send('The web client is not built yet: run `pnpm build` (or `pnpm start`).');
      return;
    }
    const page = (await pageFileFor(dist, req.path)) ?? index;
    const rendered = await renderedPage(req, page);
    if (rendered) {
      res.vary('Accept-Encoding');
      res.setHeader('Cache-Control', 'no-cache');
      res.status(rendered.status).type('html');
      if (req.acceptsEncodings('gzip', 'identity') === 'gzip') {
        res.setHeader('Content-Encoding', 'gzip');
        res.send(await gzipAsync(Buffer.from(rendered.html, 'utf8'), { level: 6 }));
      } else {
        res.send(rendered.html);
      }
      return;
    }
    const variant = await acceptedVariant(req, page).catch(() => null);
    res.vary('Accept-Encoding');
    res.setHeader('Cache-Control', 'no-cache');
    if (variant) markEncoded(res, variant.encoding, '.html');
    res.sendFile(variant?.file ?? page);
  });
}

/**
 * The query texts the client build declared (`routes/operations.json`, written by
 * client/scripts/prerender.mjs: name → text), read again when the file changes.
 */
function operationTexts(dist: string): () => Promise<Record<string, string>> {
  const file = path.join(dist, 'routes', 'operations.json');
  let cached: { mtimeMs: number; texts: Record<string, string> } | null = null;
  return async () => {
    const info = await stat(file).catch(() => null);
    if (!info) return {};
    if (cached?.mtimeMs !== info.mtimeMs) cached = { mtimeMs: info.mtimeMs, texts: JSON.parse(await readFile(file, 'utf8')) };
    return cached.texts;
  };
}
