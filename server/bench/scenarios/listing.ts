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
 * The same requests sent by signed-in users in turn, with `Cache-Control: no-cache`: the server
 * (RESPONSE_CACHE_BYPASS, set by server-process.ts) then skips the response cache, so these rows
 * measure the full resolver path.
 */
export function signedIn(requests: RequestSpec[], users: SignedIn[]): () => RequestSpec {
  let i = 0;
  return () => {
    const req = requests[i % requests.length];
    const user = users[i++ % users.length];
    return { ...req, headers: { ...req.headers, authorization: `Bearer ${user.token}`, 'cache-control': 'no-cache' } };
  };
}

/** The same requests sent with one partner API key (served from the response cache like anonymous ones). */
export function withApiKey(requests: RequestSpec[], key: string): () => RequestSpec {
  let i = 0;
  return () => {
    const req = requests[i++ % requests.length];
    return { ...req, headers: { ...req.headers, 'x-api-key': key } };
  };
}

/** A partner API key of the first brand, created through the API as a partner would. */
export async function createApiKey(server: ServerProcess, brand: SignedIn): Promise<string> {
  const res = await fetch(`${server.url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${brand.token}` },
    body: JSON.stringify({ query: 'mutation { createApiKey(input: { name: "Bench partner" }) { secret } }' }),
  });
  const json = (await res.json()) as { data?: { createApiKey: { secret: string } }; errors?: unknown };
  if (!json.data) throw new Error(`creating the bench API key failed: ${JSON.stringify(json.errors ?? json)}`);
  return json.data.createApiKey.secret;
}
