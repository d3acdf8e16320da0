import pg from 'pg';
import { CREATE_CHECKOUT, gqlBody } from '../documents';
import type { FreeHour, SignedIn } from '../fixtures';
import type { RequestSpec } from '../load';
import type { ServerProcess } from '../server-process';

const checkoutBody = (hour: FreeHour) =>
  gqlBody(CREATE_CHECKOUT, { input: { creatorId: hour.creatorId, startTime: hour.startTime, endTime: hour.endTime } });

/** Each request: the next brand in turn takes the next free hour (never the same hour twice). */
export function checkoutRequests(hours: FreeHour[], brands: SignedIn[]): () => RequestSpec {
  let i = 0;
  return () => {
    if (i >= hours.length) throw new Error(`checkout ran out of free hours after ${hours.length} requests`);
    const hour = hours[i];
    const brand = brands[i++ % brands.length];
    return { method: 'POST', path: '/graphql', headers: { authorization: `Bearer ${brand.token}` }, body: checkoutBody(hour) };
  };
}

export interface RaceResult {
  requests: number;
  succeeded: number;
  conflicts: number;
  /** Anything else: other error codes, 5xx, broken answers (each one a failure of the scenario). */
  other: number;
  serverErrors: number;
  firstOther: string | null;
  /** Bookings the database holds for the raced hours afterwards. */
  bookingsInDatabase: number;
  latencies: number[];
}

/**
 * `brands` brands race for `hours` hours of one creator, all at once (brand n wants hour n mod
 * hours). Exactly one checkout per hour may succeed; every other answer must be CONFLICT.
 */
export async function raceForHours(server: ServerProcess, databaseUrl: string, hours: FreeHour[], brands: SignedIn[]): Promise<RaceResult> {
  const result: RaceResult = { requests: brands.length, succeeded: 0, conflicts: 0, other: 0, serverErrors: 0, firstOther: null, bookingsInDatabase: 0, latencies: [] };
  await Promise.all(
    brands.map(async (brand, n) => {
      const started = performance.now();
      const res = await fetch(`${server.url}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${brand.token}` },
        body: checkoutBody(hours[n % hours.length]),
      });
      const text = await res.text();
      result.latencies.push(performance.now() - started);
      if (res.status >= 500) result.serverErrors += 1;
      const json = safeJson(text);
      if (res.status === 200 && json?.data?.createBookingCheckout?.booking?.id) result.succeeded += 1;
      else if (json?.errors?.[0]?.extensions?.code === 'CONFLICT') result.conflicts += 1;
      else {
        result.other += 1;
        result.firstOther ??= `HTTP ${res.status}: ${text.slice(0, 300)}`;
      }
    }),
  );
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query(
      `select count(*)::int as n from bookings where streamer_id = $1 and start_time = any($2::timestamptz[]) and status = 'pending'`,
      [hours[0].creatorId, hours.map((h) => h.startTime)],
    );
    result.bookingsInDatabase = rows[0].n;
  } finally {
    await client.end();
  }
  return result;
}

function safeJson(text: string): any {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
