import type { EntityManager } from '@mikro-orm/postgresql';
import { z } from 'zod';
import { decodeCursor, encodeCursor, pageWindow, toConnection, UUID_RE, type Connection } from '../../shared/pagination';
import { parseInput } from '../../shared/validation';
import { PLATFORMS } from './profile.entity';
import { PROFILE_COLUMNS, rowToView, type ProfileRow, type ProfileView } from './profile.view';

export enum CreatorSort {
  RATING = 'rating',
  PRICE_ASC = 'price_asc',
  PRICE_DESC = 'price_desc',
  BOOKINGS = 'bookings',
}

/** Each sort is one key plus the id as tie-breaker, so keyset pages are stable. */
const SORTS: Record<CreatorSort, { key: string; dir: 'asc' | 'desc' }> = {
  [CreatorSort.RATING]: { key: 'p.average_rating', dir: 'desc' },
  [CreatorSort.PRICE_ASC]: { key: 'coalesce(p.hourly_rate_cents, 0)', dir: 'asc' },
  [CreatorSort.PRICE_DESC]: { key: 'coalesce(p.hourly_rate_cents, 0)', dir: 'desc' },
  [CreatorSort.BOOKINGS]: { key: 'p.total_bookings', dir: 'desc' },
};

/**
 * The text free-text search looks at: name, bio and handles. The trigram index of migration
 * 20261121000010 is built on exactly this expression (without the `p.` qualifier).
 */
export const SEARCH_DOCUMENT = `lower(p.display_name::text || ' ' || coalesce(p.bio, '') || ' ' || coalesce(p.twitch_username, '') || ' ' || coalesce(p.youtube_handle, '') || ' ' || coalesce(p.tiktok_handle, '') || ' ' || coalesce(p.instagram_handle, ''))`;

/**
 * PUBLIC_CREATOR without joining users: counting a platform's creators then reads no user rows
 * (suspended users are few and have a partial index, migration 20261121000060).
 */
const LISTED_CREATOR = `p.account_type = 'creator' and p.suspended_at is null
  and not exists (select 1 from users su where su.id = p.user_id and su.suspended_at is not null)`;

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

export interface CreatorListArgs {
  filter?: unknown;
  sort?: unknown;
  first?: unknown;
  after?: unknown;
  /** REST paging (1-based page of `limit`). */
  page?: unknown;
  limit?: unknown;
}

export const DEFAULT_CREATOR_PAGE = 20;

type SortedRow = ProfileRow & { sort_key: number; total_count: number };

/** Public creator listing: filters, sort and keyset (or offset) paging in one SQL statement. */
export async function searchCreators(em: EntityManager, args: CreatorListArgs, now: Date): Promise<Connection<ProfileView>> {
  const filter = parseInput(CreatorFilterSchema, args.filter ?? {});
  const sort = parseInput(z.object({ sort: SortSchema }), { sort: args.sort }).sort;
  const { key, dir } = SORTS[sort];
  const window = pageWindow(args, DEFAULT_CREATOR_PAGE, (cursor) =>
    decodeCursor(cursor, (p) => p.length === 3 && p[0] === sort && typeof p[1] === 'number' && Number.isFinite(p[1]) && typeof p[2] === 'string' && UUID_RE.test(p[2])),
  );

  const conds: string[] = [LISTED_CREATOR];
  const params: unknown[] = [];
  if (filter.platform) {
    conds.push('p.platforms @> array[?]::text[]');
    params.push(filter.platform);
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
    conds.push(`exists (select 1 from availability_slots w where w.streamer_id = p.id and not w.is_booked and w.start_time > ?
      and w.start_time >= coalesce(?::timestamptz, '-infinity') and w.end_time <= coalesce(?::timestamptz, 'infinity'))`);
    params.push(now, filter.availableFrom ?? null, filter.availableTo ?? null);
  }

  let page = '';
  if (window.mode === 'cursor' && window.after) {
    const [, value, id] = window.after;
    page = `where (sort_key ${dir === 'desc' ? '<' : '>'} ? or (sort_key = ? and id > ?))`;
    params.push(value, value, id);
  }
  params.push(window.size + 1);
  const offset = window.mode === 'offset' ? ` offset ${window.offset}` : '';

  params.push(now); // PROFILE_COLUMNS' "now" comes last in the statement
  // `matching` is only ids and sort keys, inlined twice: the count, and the page (which can walk
  // the sort's index and stop early). The profile columns are read for the page's rows only.
  const rows: SortedRow[] = await em.execute(
    `with matching as not materialized (
       select p.id, ${key} as sort_key
       from profiles p
       where ${conds.join(' and ')}
     ), page as (
       select * from matching ${page} order by sort_key ${dir}, id asc limit ?${offset}
     )
     select t.total_count, page.sort_key, ${PROFILE_COLUMNS}
     from (select count(*)::int as total_count from matching) t
     left join page on true
     left join profiles p on p.id = page.id
     left join users u on u.id = p.user_id
     order by page.sort_key ${dir}, page.id asc`,
    params,
  );
  const totalCount = rows[0]?.total_count ?? 0;
  const found = rows.filter((r) => r.id !== null);
  const views = found.map((r) => ({ view: rowToView(r), key: Number(r.sort_key) }));
  const conn = toConnection(views, window.size, totalCount, ({ view, key: k }) => encodeCursor([sort, k, view.id]));
  return { ...conn, edges: conn.edges.map((e) => ({ cursor: e.cursor, node: e.node.view })) };
}
