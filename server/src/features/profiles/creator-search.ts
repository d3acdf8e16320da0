import type { EntityManager } from '@mikro-orm/postgresql';
import { z } from 'zod';
import { decodeCursor, encodeCursor, pageWindow, toConnection, UUID_RE, type Connection } from '../../platform/shared/pagination';
import { parseInput } from '../../platform/shared/validation';
import { preparedQuery } from '../../platform/db/prepared';
import { bookableFreeSlots, hasBookableSlot } from './bookable';
import { PLATFORMS } from './profile.entity';
import { profileColumns, rowToView, type ProfileRow, type ProfileView } from './profile.view';

export enum CreatorSort {
  RATING = 'rating',
  PRICE_ASC = 'price_asc',
  PRICE_DESC = 'price_desc',
  BOOKINGS = 'bookings',
  RECOMMENDED = 'recommended',
  SOONEST = 'soonest',
}

/**
 * The "Recommended" order's score: a Bayesian average of the rating, as if every creator started
 * with PRIOR_REVIEWS reviews of PRIOR_RATING stars. A creator without reviews scores PRIOR_RATING
 * (above a proven mediocre one, below a proven good one), so new creators are not buried under
 * everyone with a single review. The expression index of migration 20261127040000 is built on exactly this.
 */
export const PRIOR_RATING = 4;
export const PRIOR_REVIEWS = 3;
export const RECOMMENDED_SCORE = `((p.average_rating * p.review_count + ${PRIOR_RATING}.0 * ${PRIOR_REVIEWS}) / (p.review_count + ${PRIOR_REVIEWS}))`;

/** "Soonest free" key: the epoch seconds of the creator's next bookable hour (one `?`: now); never-free creators last. */
export const NO_FREE_SLOT_KEY = 1e12;
/** A function: the scheduling defaults inside the rule are read at start. */
const soonestKey = () => {
  const slots = bookableFreeSlots('p.id', '?');
  return `coalesce((select extract(epoch from f.start_time)::float8 from ${slots.scheduling}
      cross join lateral (select f.start_time from availability_slots f where ${slots.where} order by f.start_time, f.id limit 1) f), ${NO_FREE_SLOT_KEY})`;
};

/** Each sort is one key plus the id as tie-breaker, so keyset pages are stable. */
const SORTS: Record<CreatorSort, { key: string; dir: 'asc' | 'desc'; derived?: true }> = {
  [CreatorSort.RATING]: { key: 'p.average_rating', dir: 'desc' },
  [CreatorSort.PRICE_ASC]: { key: 'coalesce(p.hourly_rate_cents, 0)', dir: 'asc' },
  [CreatorSort.PRICE_DESC]: { key: 'coalesce(p.hourly_rate_cents, 0)', dir: 'desc' },
  [CreatorSort.BOOKINGS]: { key: 'p.total_bookings', dir: 'desc' },
  [CreatorSort.RECOMMENDED]: { key: RECOMMENDED_SCORE, dir: 'desc' },
  // Computed per creator (one index probe each), so it is read in a subquery and ordered by its value.
  [CreatorSort.SOONEST]: { key: 'soonest', dir: 'asc', derived: true },
};

/**
 * The text free-text search looks at: name, bio and handles. The trigram index of migration
 * 20261121000010 is built on exactly this expression (without the `p.` qualifier).
 */
export const SEARCH_DOCUMENT = `lower(p.display_name::text || ' ' || coalesce(p.bio, '') || ' ' || coalesce(p.twitch_username, '') || ' ' || coalesce(p.youtube_handle, '') || ' ' || coalesce(p.tiktok_handle, '') || ' ' || coalesce(p.instagram_handle, ''))`;

/**
 * PUBLIC_CREATOR without joining users: counting a platform's creators then reads no user rows
 * (suspended users are few and have a partial index, migration 20261121000060; so are users whose
 * address is not verified yet, migration 20261126100200).
 */
const LISTED_CREATOR = `p.account_type = 'creator' and p.suspended_at is null
  and not exists (select 1 from users su where su.id = p.user_id and su.suspended_at is not null)
  and not exists (select 1 from users uv where uv.id = p.user_id and uv.email_verified_at is null)`;

const nothing = (v: unknown) => v === null || v === undefined || (typeof v === 'string' && v.trim() === '');
const numberOrNothing = (v: unknown) => (nothing(v) ? undefined : typeof v === 'string' ? Number(v) : v);
const dateOrNothing = (v: unknown) => (nothing(v) ? undefined : typeof v === 'string' ? new Date(v) : v);

/** A string from a fixed list (a custom check, so the message is ours verbatim). */
const oneOf = <T extends string>(values: readonly T[], message: string) =>
  z
    .string({ error: message })
    .refine((v) => (values as readonly string[]).includes(v), message)
    .transform((v) => v as T);

const cents = (field: string) =>
  z.preprocess(
    numberOrNothing,
    z
      .number({ error: `${field} must be a whole number of cents, 0 or more` })
      .min(0, `${field} must be a whole number of cents, 0 or more`)
      .refine(Number.isInteger, `${field} must be a whole number of cents, 0 or more`)
      .optional(),
  );

const instant = (field: string) =>
  z.preprocess(
    dateOrNothing,
    z
      .date({ error: `${field} must be an ISO 8601 date-time` })
      .refine((d) => !Number.isNaN(d.getTime()), `${field} must be an ISO 8601 date-time`)
      .optional(),
  );

export const CreatorFilterSchema = z
  .object({
    platform: z.preprocess(
      (v) => (nothing(v) ? undefined : typeof v === 'string' ? (v.trim().toLowerCase() === 'all' ? undefined : v.trim().toLowerCase()) : v),
      oneOf(PLATFORMS, `platform must be one of ${PLATFORMS.join(', ')}`).optional(),
    ),
    search: z.preprocess(
      (v) => (nothing(v) ? undefined : v),
      z.string({ error: 'search must be text' }).trim().max(100, 'search must be at most 100 characters').optional(),
    ),
    minRateCents: cents('minRateCents'),
    maxRateCents: cents('maxRateCents'),
    minRating: z.preprocess(
      numberOrNothing,
      z
        .number({ error: 'minRating must be a number from 0 to 5' })
        .min(0, 'minRating must be a number from 0 to 5')
        .max(5, 'minRating must be a number from 0 to 5')
        .optional(),
    ),
    availableFrom: instant('availableFrom'),
    availableTo: instant('availableTo'),
  })
  .superRefine((f, ctx) => {
    if (f.minRateCents !== undefined && f.maxRateCents !== undefined && f.minRateCents > f.maxRateCents) {
      ctx.addIssue({ code: 'custom', message: 'minRateCents must not be greater than maxRateCents', path: ['minRateCents'] });
    }
    if (f.availableFrom && f.availableTo && f.availableFrom >= f.availableTo) {
      ctx.addIssue({ code: 'custom', message: 'availableFrom must be before availableTo', path: ['availableFrom'] });
    }
  });

const SortSchema = z.preprocess(
  (v) => (nothing(v) ? undefined : typeof v === 'string' ? v.trim().toLowerCase() : v),
  oneOf(Object.values(CreatorSort), `sort must be one of ${Object.values(CreatorSort).join(', ')}`).default(CreatorSort.RATING),
);

/** Built once: a zod object schema compiles its fast path on first use (about 25 µs), per request it did so every time. */
const SortInput = z.object({ sort: SortSchema });

export interface CreatorListArgs {
  filter?: unknown;
  sort?: unknown;
  first?: unknown;
  after?: unknown;
  /** REST paging (1-based page of `limit`). */
  page?: unknown;
  limit?: unknown;
}

type SortedRow = ProfileRow & { sort_key: number };

export const DEFAULT_CREATOR_PAGE = 20;

/** A page of the listing, with the filter it was read with (what its `totalCount` counts). */
export interface CreatorPage extends Omit<Connection<ProfileView>, 'totalCount'> {
  filter: CreatorFilterValue;
}

export type CreatorFilterValue = z.infer<typeof CreatorFilterSchema>;

/** The WHERE of a filter (`p` = profiles), its parameters in order, and whether the text is fixed per platform. */
function filterConditions(filter: CreatorFilterValue, now: Date): { conds: string[]; params: unknown[]; fixed: boolean } {
  const conds: string[] = [LISTED_CREATOR];
  const params: unknown[] = [];
  if (filter.platform) {
    // Inlined (a validated name): each platform's text has its own plan, whose estimate of how
    // many creators match lets it walk the sort's index and stop after one page. As a parameter,
    // a generic plan guesses a handful and sorts every creator of the platform instead.
    conds.push(`p.platforms @> '{${PLATFORMS.find((p) => p === filter.platform)}}'::text[]`);
  }
  if (filter.search) {
    conds.push(`${SEARCH_DOCUMENT} like ?`);
    params.push(`%${filter.search.toLowerCase().replace(/[\\%_]/g, '\\$&')}%`);
  }
  if (filter.minRateCents !== undefined) {
    conds.push('p.hourly_rate_cents >= ?');
    params.push(filter.minRateCents);
  }
  if (filter.maxRateCents !== undefined) {
    conds.push('p.hourly_rate_cents <= ?');
    params.push(filter.maxRateCents);
  }
  if (filter.minRating !== undefined) {
    conds.push('p.average_rating >= ?');
    params.push(filter.minRating);
  }
  if (filter.availableFrom || filter.availableTo) {
    conds.push(hasBookableSlot('p.id', '?', { from: '?', to: '?' }));
    params.push(now, filter.availableFrom ?? null, filter.availableTo ?? null);
  }
  return { conds, params, fixed: params.length === 0 };
}

/** Parses the listing's filter (BAD_USER_INPUT naming the field). */
export const parseCreatorFilter = (filter: unknown): CreatorFilterValue => parseInput(CreatorFilterSchema, filter ?? {});

/** One key per filter meaning (what the count cache keys on). */
export const creatorFilterKey = (f: CreatorFilterValue) =>
  JSON.stringify([f.platform, f.search, f.minRateCents, f.maxRateCents, f.minRating, f.availableFrom?.getTime(), f.availableTo?.getTime()]);

/** The count's statement (`?` placeholders; `fixed` as for listingStatement). */
export function countStatement(filter: CreatorFilterValue, now: Date) {
  const { conds, params, fixed } = filterConditions(filter, now);
  return { sql: `select count(*)::int as n from profiles p where ${conds.join(' and ')}`, params, fixed };
}

/** How many creators match a filter (the listing's `totalCount`). */
export async function countCreators(em: EntityManager, filter: CreatorFilterValue, now: Date): Promise<number> {
  const { sql, params, fixed } = countStatement(filter, now);
  const rows = fixed ? (await preparedQuery<{ n: number }>(em, sql, params)).rows : await em.execute<{ n: number }[]>(sql, params);
  return rows[0].n;
}

/**
 * The page of a listing request: the ids and sort keys of its `size + 1` creators (walking the
 * sort's index, stopping after one page), as the body of a `page` CTE with `?` placeholders, and
 * whether its text is fixed (no search or range values), so it may run as a named prepared
 * statement. The listing's statement and the compiled listing (creators.compiled.ts) both use it.
 */
export function pageStatement(args: CreatorListArgs, now: Date) {
  const filter = parseCreatorFilter(args.filter);
  const sort = parseInput(SortInput, { sort: args.sort }).sort;
  const { key, dir } = SORTS[sort];
  const window = pageWindow(args, DEFAULT_CREATOR_PAGE, (cursor) =>
    decodeCursor(cursor, (p) => p.length === 3 && p[0] === sort && typeof p[1] === 'number' && Number.isFinite(p[1]) && typeof p[2] === 'string' && UUID_RE.test(p[2])),
  );

  const { conds, params, fixed } = filterConditions(filter, now);
  const derived = SORTS[sort].derived === true;
  // A derived key is computed in a subquery (`s`) and compared by its name there.
  const k = derived ? 's.sort_key' : key;
  const after: string[] = [];
  const afterParams: unknown[] = [];
  if (window.mode === 'cursor' && window.after) {
    const [, value, id] = window.after;
    // The first comparison alone bounds the index range (the sort's index is ordered by key then
    // id, in mixed directions, so a row comparison cannot); the rest picks up after the cursor.
    after.push(`${k} ${dir === 'desc' ? '<=' : '>='} ? and (${k} ${dir === 'desc' ? '<' : '>'} ? or (${k} = ? and ${derived ? 's.id' : 'p.id'} > ?))`);
    afterParams.push(value, value, value, id);
  }
  // Inlined, so even a generic plan knows the page is small (as a parameter it guesses a tenth of
  // the table and joins the cards by hashing every profile). A REST page beyond the first has an
  // offset in its text: such texts are many, so they run unnamed (planned with their values).
  const offset = window.mode === 'offset' && window.offset > 0 ? ` offset ${window.offset}` : '';
  const sql = derived
    ? `select s.id, s.sort_key from (select p.id, ${soonestKey()} as sort_key from profiles p where ${conds.join(' and ')}) s
       ${after.length ? `where ${after.join(' and ')}` : ''}
       order by s.sort_key ${dir}, s.id asc limit ${window.size + 1}${offset}`
    : `select p.id, ${key} as sort_key from profiles p
       where ${[...conds, ...after].join(' and ')}
       order by ${key} ${dir}, p.id asc limit ${window.size + 1}${offset}`;
  const allParams = derived ? [now, ...params, ...afterParams] : [...params, ...afterParams];
  return { sql, params: allParams, fixed: fixed && !offset, filter, sort, dir, window };
}

/**
 * The listing's statement for a page (see searchCreators): `?` placeholders, and whether its text
 * is fixed (no search or range values), so it may run as a named prepared statement.
 */
export function listingStatement(args: CreatorListArgs, now: Date) {
  const page = pageStatement(args, now);
  // The cards' columns are read for the page's rows only.
  const sql = `with page as (
       ${page.sql}
     )
     select page.sort_key, ${profileColumns()}
     from page join profiles p on p.id = page.id join users u on u.id = p.user_id
     order by page.sort_key ${page.dir}, page.id asc`;
  return { sql, params: [...page.params, now], fixed: page.fixed, filter: page.filter, sort: page.sort, window: page.window };
}

/**
 * Public creator listing: filters, sort and keyset (or offset) paging in ONE statement. Without
 * search or range filters the text is fixed per platform and sort, so it runs as a named prepared
 * statement (planned once per connection).
 */
export async function searchCreators(em: EntityManager, args: CreatorListArgs, now: Date): Promise<CreatorPage> {
  const { sql, params, fixed, filter, sort, window } = listingStatement(args, now);
  const rows: SortedRow[] = fixed ? (await preparedQuery<SortedRow>(em, sql, params)).rows : await em.execute(sql, params);
  const views = rows.map((r) => ({ view: rowToView(r), key: Number(r.sort_key) }));
  const conn = toConnection(views, window.size, 0, ({ view, key: k }) => encodeCursor([sort, k, view.id]));
  return { filter, pageInfo: conn.pageInfo, edges: conn.edges.map((e) => ({ cursor: e.cursor, node: e.node.view })) };
}
