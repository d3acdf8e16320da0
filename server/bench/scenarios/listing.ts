import { PARTNER_LISTING, gqlBody } from '../documents';
import type { SignedIn } from '../fixtures';
import type { RequestSpec } from '../load';
import type { ServerProcess } from '../server-process';

export const PLATFORMS = ['TWITCH', 'YOUTUBE', 'TIKTOK', 'INSTAGRAM'] as const;
export const LISTING_PAGES = 5;

/**
 * The anonymous listing requests: each platform, cursor pages 1-5 (the cursors are fetched once,
 * page by page, as a client scrolling would).
 */
export async function listingRequests(server: ServerProcess): Promise<RequestSpec[]> {
  const requests: RequestSpec[] = [];
  for (const platform of PLATFORMS) {
    let after: string | null = null;
    for (let page = 1; page <= LISTING_PAGES; page++) {
      const body = gqlBody(PARTNER_LISTING, { platform, after });
      requests.push({ method: 'POST', path: '/graphql', body });
      const res = await fetch(`${server.url}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
      const json = (await res.json()) as { data?: { creators: { pageInfo: { endCursor: string | null; hasNextPage: boolean } } }; errors?: unknown };
      if (!json.data) throw new Error(`listing page ${page} of ${platform} failed: ${JSON.stringify(json.errors ?? json)}`);
      if (!json.data.creators.pageInfo.hasNextPage) break;
      after = json.data.creators.pageInfo.endCursor;
    }
  }
  return requests;
}

/** The same pages over REST: `GET /api/v1/streamers?platform&page&limit=20`. */
export function restListingRequests(): RequestSpec[] {
  return PLATFORMS.flatMap((platform) =>
    Array.from({ length: LISTING_PAGES }, (_, i) => ({
      method: 'GET' as const,
      path: `/api/v1/streamers?platform=${platform.toLowerCase()}&page=${i + 1}&limit=20`,
    })),
  );
}

/** Hands out the requests in turn across all connections. */
export function rotate<T>(items: T[]): () => T {
  let i = 0;
  return () => items[i++ % items.length];
}

/**
 * Asks the server for an answer computed now (`Cache-Control: no-cache`): never served from, nor
 * stored in, the response cache, so the uncached rows measure the resolver path.
 */
export const UNCACHED = { 'cache-control': 'no-cache' } as const;

/** The same requests sent by signed-in users in turn, uncached. */
export function signedIn(requests: RequestSpec[], users: SignedIn[]): () => RequestSpec {
  let i = 0;
  return () => {
    const req = requests[i % requests.length];
    const user = users[i++ % users.length];
    return { ...req, headers: { ...req.headers, ...UNCACHED, authorization: `Bearer ${user.token}` } };
  };
}

/** The same requests sent with partner API keys in turn (`x-api-key`), uncached. */
export function withApiKeys(requests: RequestSpec[], keys: string[]): () => RequestSpec {
  let i = 0;
  return () => {
    const req = requests[i % requests.length];
    const key = keys[i++ % keys.length];
    return { ...req, headers: { ...req.headers, ...UNCACHED, 'x-api-key': key } };
  };
}

/** The listing pages as the single-statement limit replays them (platform, cursor). */
export async function listingPages(server: ServerProcess): Promise<{ requests: RequestSpec[]; pages: { platform: (typeof PLATFORMS)[number]; after: string | null }[] }> {
  const requests = await listingRequests(server);
  const pages = requests.map((r) => {
    const { variables } = JSON.parse(r.body!) as { variables: { platform: (typeof PLATFORMS)[number]; after: string | null } };
    return { platform: variables.platform, after: variables.after };
  });
  return { requests, pages };
}
