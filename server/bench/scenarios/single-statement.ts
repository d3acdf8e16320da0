import pg from 'pg';
import { latencyOf, type Latency } from '../stats';
import type { PLATFORMS } from './listing';
import { ormOptions } from '../../src/app/init-orm';
import { SCHEDULING_DEFAULTS } from '../../src/features/profiles';

/** The partner listing's page size and, per creator, its free slots and latest reviews (documents.ts). */
export const LIMIT_PAGE = { size: 20, slots: 5, reviews: 3 };

/** `YYYY-MM-DDTHH:MM:SS.mmmZ`, exactly what `Date#toISOString` (the API's DateTimeISO) prints. */
const iso = (column: string) => `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * The best single SQL statement we can write for one page of the partner listing
 * (`creators(first: 20, filter: {platform}, after)` sorted by rating, as the bench asks it): the
 * whole `data.creators` answer (edges with cursors, pageInfo) built as JSON by PostgreSQL.
 *
 * - keyset pagination on (average_rating desc, id) from the cursor, walking the rating index and
 *   stopping after 21 rows (the 21st only says whether there is a next page);
 * - what the API shows, with the API's rules: only creators whose owner is neither suspended nor
 *   unverified; only revealed reviews; only bookable slots (the creator's minimum notice and
 *   horizon, their busy ranges and buffers: the defaults are the product's, the rule written here by
 *   hand with the creator's scheduling read once per card);
 * - the next free slots and the latest reviews as LATERAL subqueries with LIMIT, each an index
 *   range scan that stops after its few rows (the notice and the horizon bound the slots' range);
 * - the cursor is the API's (base64url of `["rating",<rating>,"<id>"]`), built in SQL too;
 * - the platform is part of the text (one text per platform and page kind), so each is a named
 *   prepared statement planned once per connection: nothing is planned per request.
 *
 * Parameters: $1 now, and after a cursor $2 rating, $3 id.
 */
export function singleStatementSql(platform: string, withCursor: boolean): string {
  const notice = SCHEDULING_DEFAULTS.minNoticeMinutes | 0;
  const days = SCHEDULING_DEFAULTS.maxDaysAhead | 0;
  const keyset = withCursor ? `and p.average_rating <= $2 and (p.average_rating < $2 or (p.average_rating = $2 and p.id > $3))` : '';
  return `with page as (
  select p.id, p.user_id, p.display_name, p.profile_image_url, p.is_verified, p.average_rating, p.review_count,
         p.total_bookings, p.platforms, p.hourly_rate_cents, p.minimum_hours, p.is_available,
         row_number() over (order by p.average_rating desc, p.id) as n
  from profiles p
  where p.account_type = 'creator' and p.suspended_at is null and p.platforms @> '{${platform}}'::text[]
    and not exists (select 1 from users su where su.id = p.user_id and su.suspended_at is not null)
    and not exists (select 1 from users uv where uv.id = p.user_id and uv.email_verified_at is null)
    ${keyset}
  order by p.average_rating desc, p.id
  limit ${LIMIT_PAGE.size + 1}
), cards as (
  select g.n, g.id, g.average_rating,
    translate(encode(convert_to('["rating",' || g.average_rating::text || ',"' || g.id || '"]', 'UTF8'), 'base64'), E'+/=\\n', '-_') as cursor,
    json_build_object(
      'id', g.id, 'displayName', g.display_name, 'profileImageUrl', g.profile_image_url, 'isVerified', g.is_verified,
      'averageRating', g.average_rating, 'reviewCount', g.review_count, 'totalBookings', g.total_bookings,
      'platforms', (select json_agg(upper(x.platform) order by x.i) from unnest(g.platforms) with ordinality x(platform, i)),
      'hourlyRateCents', g.hourly_rate_cents, 'minimumHours', g.minimum_hours,
      'isAvailable', g.is_available and s.slots is not null,
      'nextFreeSlots', coalesce(s.slots, '[]'::json),
      'latestReviews', coalesce(r.reviews, '[]'::json)
    ) as node
  from (select * from page order by n limit ${LIMIT_PAGE.size}) g
  cross join lateral (
    select $1::timestamptz + make_interval(mins => coalesce(a.min_notice_minutes, ${notice})) as bookable_from,
           $1::timestamptz + make_interval(days => coalesce(a.max_days_ahead, ${days})) as bookable_until,
           coalesce(a.buffer_before_minutes, 0) as before, coalesce(a.buffer_after_minutes, 0) as after,
           exists (select 1 from availability_blocks b where b.streamer_id = g.id) as busy
    from (select 1) one left join availability_settings a on a.streamer_id = g.id
  ) k
  left join lateral (
    select json_agg(json_build_object('id', f.id, 'startTime', ${iso('f.start_time')}, 'endTime', ${iso('f.end_time')}) order by f.start_time, f.id) as slots
    from (select f.id, f.start_time, f.end_time from availability_slots f
           where f.streamer_id = g.id and not f.is_booked and f.start_time > $1
             and f.start_time >= k.bookable_from and f.start_time < k.bookable_until
             and (not k.busy or not exists (select 1 from availability_blocks b where b.streamer_id = g.id
                   and b.during && tstzrange(f.start_time - make_interval(mins => k.before), f.end_time + make_interval(mins => k.after))))
             and (greatest(k.before, k.after) = 0 or not exists (select 1 from availability_slots o
                   where o.streamer_id = g.id and o.is_booked and o.id <> f.id
                     and tstzrange(o.start_time, o.end_time) && tstzrange(f.start_time - make_interval(mins => greatest(k.before, k.after)), f.end_time + make_interval(mins => greatest(k.before, k.after)))))
           order by f.start_time, f.id limit ${LIMIT_PAGE.slots}) f
  ) s on true
  left join lateral (
    select json_agg(json_build_object('id', v.id, 'rating', v.rating, 'comment', v.comment,
             'reviewerName', coalesce(rp.display_name, 'Client'), 'createdAt', ${iso('v.created_at')}) order by v.created_at desc, v.id desc) as reviews
    from (select v.id, v.rating, v.comment, v.reviewer_id, v.created_at from reviews v
           where v.reviewee_id = g.user_id and v.revealed_at is not null
           order by v.created_at desc, v.id desc limit ${LIMIT_PAGE.reviews}) v
    left join profiles rp on rp.user_id = v.reviewer_id
  ) r on true
)
select json_build_object(
  'pageInfo', json_build_object(
    'hasNextPage', (select count(*) from page) > ${LIMIT_PAGE.size},
    'endCursor', (select c.cursor from cards c order by c.n desc limit 1)),
  'edges', coalesce((select json_agg(json_build_object('cursor', c.cursor, 'node', c.node) order by c.n) from cards c), '[]'::json)
)::text as creators`;
}

/** One page request of the limit: which platform, and the cursor's rating and id (none for page 1). */
export interface LimitPage {
  platform: (typeof PLATFORMS)[number];
  after: { rating: number; id: string } | null;
}

/** The cursor of the API (`encodeCursor(['rating', rating, id])`) read back. */
export function limitPageOf(platform: LimitPage['platform'], after: string | null): LimitPage {
  if (!after) return { platform, after: null };
  const [, rating, id] = JSON.parse(Buffer.from(after, 'base64url').toString('utf8')) as [string, number, string];
  return { platform, after: { rating, id } };
}

/** The page as a pg query config: a named prepared statement per text. The answer is JSON text. */
export function limitQuery(page: LimitPage, now: Date): pg.QueryConfig {
  const platform = page.platform.toLowerCase();
  const withCursor = page.after !== null;
  return {
    name: `single_statement_${platform}_${withCursor ? 'next' : 'first'}`,
    text: singleStatementSql(platform, withCursor),
    values: withCursor ? [now, page.after!.rating, page.after!.id] : [now],
  };
}

/** One page through a pg client or pool: the `data.creators` object the API would answer. */
export async function queryLimitPage(db: pg.Pool | pg.Client, page: LimitPage, now: Date): Promise<unknown> {
  const { rows } = await db.query<{ creators: string }>(limitQuery(page, now));
  return JSON.parse(rows[0].creators);
}

export interface LimitResult extends Latency {
  requests: number;
  rps: number;
}

/**
 * The limit's load: the same pages as the listing scenario, each one statement over a `pg` Pool of
 * the ORM's size, by as many concurrent workers as the load test has connections. Each answer is
 * received as JSON text (what a server would write to its socket), not parsed.
 */
export async function runSingleStatementLimit(
  databaseUrl: string,
  pages: LimitPage[],
  opts: { connections: number; warmupSeconds: number; runSeconds: number },
): Promise<LimitResult> {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: ormOptions({ clientUrl: databaseUrl }).pool?.max ?? 20 });
  let next = 0;
  const run = async (seconds: number, latencies: number[] | null) => {
    const deadline = performance.now() + seconds * 1000;
    await Promise.all(
      Array.from({ length: opts.connections }, async () => {
        while (performance.now() < deadline) {
          const page = pages[next++ % pages.length];
          const started = performance.now();
          const { rows } = await pool.query<{ creators: string }>(limitQuery(page, new Date()));
          if (rows.length !== 1 || rows[0].creators.length < 20) throw new Error('the single statement answered no page');
          latencies?.push(performance.now() - started);
        }
      }),
    );
  };
  try {
    await run(opts.warmupSeconds, null);
    const latencies: number[] = [];
    const started = performance.now();
    await run(opts.runSeconds, latencies);
    const seconds = (performance.now() - started) / 1000;
    return { requests: latencies.length, rps: latencies.length / seconds, ...latencyOf(latencies) };
  } finally {
    await pool.end();
  }
}
