import type { RequestContext } from '../request-context';

/**
 * Server-rendered head of a page of the web app: what search engines and link previews read
 * (title, description, Open Graph and Twitter tags, canonical URL) and, optionally, the answers of
 * the page's first GraphQL queries, written into the HTML so the app's Apollo cache starts with
 * them (no query before the first paint of its data).
 *
 * Features contribute `pageHeads` (one per first path segment they own, e.g. `streamer`) and
 * `sitemapEntries`; `serveClient` (static-client.ts) asks them when it sends a page.
 */
export interface PageHead {
  /** Without the site's name (added here). */
  title: string;
  description: string;
  /** The canonical path (`/streamer/<id>`), made absolute with PUBLIC_URL. */
  path: string;
  /** An absolute image URL for link previews. */
  image?: string | null;
  /** Open Graph type: `profile` for a person's page. */
  type?: 'website' | 'profile';
  /** Answers of the page's first queries: operation text, variables and the `data` GraphQL answered. */
  initialQueries?: InitialQuery[];
}

export interface InitialQuery {
  query: string;
  variables: Record<string, unknown>;
  data: unknown;
}

/** What a page head source is handed per request. */
export interface PageRequest {
  /** The path's segments after the first (`/streamer/abc` → `['abc']`). */
  params: string[];
  /** An anonymous request context (what a visitor may see). */
  ctx: RequestContext;
  /** The text of a query the client build declared (dist/routes/operations.json), by operation name. */
  operation(name: string): string | undefined;
  /** Runs a query as an anonymous visitor through the GraphQL server (compiled reads included). */
  run(query: string, variables: Record<string, unknown>): Promise<{ data?: unknown; errors?: readonly unknown[] }>;
}

/**
 * The head of pages under `/<segment>`: a PageHead, `'not-found'` (answered 404 with `noindex`, the
 * app says so), or null (the build's page as it is).
 */
export interface PageHeadSource {
  segment: string;
  head(req: PageRequest): Promise<PageHead | 'not-found' | null>;
}

/** Pages listed in /sitemap.xml beside the public static ones. */
export interface SitemapSource {
  entries(ctx: RequestContext): Promise<{ path: string; lastModified?: Date }[]>;
}

declare module '../module' {
  interface ExtensionPoints {
    /** Server-rendered heads (and first data) of a route: `extend: () => ({ pageHeads: [...] })`. */
    pageHeads: PageHeadSource;
    /** Public pages for /sitemap.xml: `extend: () => ({ sitemapEntries: [...] })`. */
    sitemapEntries: SitemapSource;
  }
}

export const SITE_NAME = 'CollabHub';

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** JSON safe inside a <script> element (no `</script>`, no HTML comment openers). */
const scriptJson = (value: unknown) =>
  JSON.stringify(value).replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');

/** The id of the data block the client reads at start (client/src/app/initial-state.ts). */
export const INITIAL_QUERIES_ID = 'initial-queries';

/** Writes a head into one of the build's page files. */
export function withHead(html: string, head: PageHead, publicUrl: string): string {
  const url = publicUrl.replace(/\/$/, '') + head.path;
  const title = `${head.title} · ${SITE_NAME}`;
  const description = head.description.length > 300 ? `${head.description.slice(0, 297)}…` : head.description;
  const meta: [string, string, string][] = [
    ['name', 'description', description],
    ['property', 'og:site_name', SITE_NAME],
    ['property', 'og:type', head.type ?? 'website'],
    ['property', 'og:title', head.title],
    ['property', 'og:description', description],
    ['property', 'og:url', url],
    ['name', 'twitter:card', head.image ? 'summary_large_image' : 'summary'],
    ['name', 'twitter:title', head.title],
    ['name', 'twitter:description', description],
  ];
  if (head.image) meta.push(['property', 'og:image', head.image], ['name', 'twitter:image', head.image]);
  const tags = [
    `<link rel="canonical" href="${escapeHtml(url)}">`,
    ...meta.map(([attr, key, value]) => `<meta ${attr}="${key}" content="${escapeHtml(value)}">`),
  ].join('\n    ');
  let out = html
    .replace(/<meta name="description"[^>]*>\s*/i, '')
    .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(title)}</title>`)
    .replace('</head>', `    ${tags}\n  </head>`);
  if (head.initialQueries?.length) {
    out = out.replace(
      '<div id="root"></div>',
      `<script type="application/json" id="${INITIAL_QUERIES_ID}">${scriptJson(head.initialQueries)}</script>\n    <div id="root"></div>`,
    );
  }
  return out;
}

/** A page that names nothing (an unknown creator): the app says so; search engines are told to forget it. */
export function notFoundHead(html: string): string {
  return html.replace('</head>', '    <meta name="robots" content="noindex">\n  </head>');
}

/** robots.txt: everything public may be crawled; the app's private pages and the APIs not. */
export function robotsTxt(publicUrl: string): string {
  return [
    'User-agent: *',
    'Disallow: /api/',
    'Disallow: /graphql',
    'Disallow: /dashboard',
    'Disallow: /settings',
    'Disallow: /support',
    'Disallow: /stripe-checkout',
    'Disallow: /dev/',
    'Allow: /',
    '',
    `Sitemap: ${publicUrl.replace(/\/$/, '')}/sitemap.xml`,
    '',
  ].join('\n');
}

/** The public pages every site has (the landing, the marketplace, content pages). */
export const STATIC_PUBLIC_PAGES = ['/', '/creators', '/about', '/faq', '/contact', '/privacy-policy', '/terms-of-use'];

export function sitemapXml(publicUrl: string, entries: { path: string; lastModified?: Date }[]): string {
  const base = publicUrl.replace(/\/$/, '');
  const urls = entries.map(
    (e) =>
      `  <url><loc>${escapeHtml(base + e.path)}</loc>${e.lastModified ? `<lastmod>${e.lastModified.toISOString().slice(0, 10)}</lastmod>` : ''}</url>`,
  );
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
}
