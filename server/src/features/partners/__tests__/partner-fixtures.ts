import type { TestApp } from '../../../../test/harness';
import { seedDemoData } from '../../../app/seeders/demo';
import { creator, hourFromNow } from '../../bookings/__tests__/booking-fixtures';

/** Helpers for the partner suites (not a test file). */

export const CREATE_KEY = /* GraphQL */ `
  mutation CreateKey($input: CreateApiKeyInput!) {
    createApiKey(input: $input) { secret apiKey { id userId name prefix status createdAt lastUsedAt expiresAt revokedAt } }
  }`;

export const REVOKE_KEY = /* GraphQL */ `
  mutation RevokeKey($id: ID!) { revokeApiKey(id: $id) { id status revokedAt } }`;

/** Creates a key through the API as the signed-in `token`; returns the secret and the key's id. */
export async function createKey(app: TestApp, token: string, input: Record<string, unknown> = {}) {
  const res = await app.gql(CREATE_KEY, { input: { name: 'Agency dashboard', ...input } }, token);
  if (res.body.errors) throw new Error(JSON.stringify(res.body.errors));
  const created = res.body.data.createApiKey;
  return { secret: created.secret as string, id: created.apiKey.id as string, apiKey: created.apiKey };
}

/** A raw HTTP call with arbitrary headers (the harness helpers only send bearer tokens). */
export async function call(
  app: TestApp,
  method: string,
  path: string,
  opts: { headers?: Record<string, string>; body?: unknown } = {},
): Promise<{ status: number; headers: Headers; body: any }> {
  const res = await fetch(app.url + path, {
    method,
    headers: { ...(opts.body !== undefined ? { 'content-type': 'application/json' } : {}), ...opts.headers },
    body: opts.body === undefined ? undefined : typeof opts.body === 'string' ? opts.body : JSON.stringify(opts.body),
  });
  const text = await res.text();
  let body: any = text;
  try {
    body = JSON.parse(text);
  } catch {
    /* not JSON */
  }
  return { status: res.status, headers: res.headers, body };
}

/** GraphQL over POST with arbitrary headers. */
export const gqlWith = (app: TestApp, headers: Record<string, string>, query: string, variables: Record<string, unknown> = {}) =>
  call(app, 'POST', '/graphql', { headers, body: { query, variables } });

/**
 * A marketplace to list: the demo data (12 creators with slots, reviews and bookings) plus
 * `extraCreators` more creators with free slots, so a 50-creator page is really full.
 */
export async function seedMarketplace(app: TestApp, extraCreators = 0): Promise<void> {
  await seedDemoData(app.orm, app.server.services, () => {}, app.clock);
  for (let i = 0; i < extraCreators; i++) {
    await creator(app, [1, 2, 3, 4, 5, 6].map((h) => hourFromNow(app, 24 + h)), { displayName: `Listing Creator ${i + 1}`, bio: 'Variety streams' });
  }
}

/** The partner listing of the query-limits issue: a full page with slots and reviews per creator. */
export const LISTING_50 = /* GraphQL */ `
  query PartnerListing($first: Int!, $slots: Int!, $reviews: Int!) {
    creators(first: $first) {
      totalCount
      pageInfo { hasNextPage endCursor }
      edges {
        cursor
        node {
          id displayName bio hourlyRateCents minimumHours platforms averageRating reviewCount totalBookings isAvailable isVerified timezone
          nextFreeSlots(first: $slots) { id startTime endTime }
          latestReviews(first: $reviews) { id rating comment reviewerName createdAt }
        }
      }
    }
  }`;
