import { getArgumentValues, type GraphQLObjectType } from 'graphql';
import {
  bind,
  childFields,
  connectionOf,
  cursorSql,
  elementOf,
  enumOf,
  enumSql,
  firstOf,
  give,
  type FieldDef,
  iso,
  objectOf,
  objectTypeOf,
  quote,
  scalar,
  type Columns,
  type Compiler,
  type Emit,
  type SqlQuery,
} from '../../platform/graphql/compiled-sql';
import type { RootFieldCompiler } from '../../platform/graphql/compiled-roots';
import type { GraphQLContext } from '../../platform/graphql/context';
import type { CollectedField } from '../../platform/graphql/selection';
import { UUID_RE } from '../../platform/shared/pagination';
import { SLOT_FIELDS } from './slot-json';
import { latestReviewsJson } from './latest-reviews';
import { REVIEW_FIELDS } from './review-json';
import { pageStatement } from './creator-search';
import { hasBookableSlotWith, schedulingRow } from './bookable';
import { nextFreeSlotsJson } from './free-slots';
import { PUBLIC_CREATOR } from './profile.view';
import { avatarUrlSql } from './photo';

/** `avatarUrl(size)`'s size for this request (checked when compiled: a bad one leaves the query to graphql-js). */
function avatarSizeOf(def: FieldDef, f: CollectedField, variables: Record<string, unknown>): number {
  const size = getArgumentValues(def, f.nodes[0], variables).size;
  if (typeof size !== 'number' || !Number.isInteger(size)) give();
  return size as number;
}

/**
 * The profiles feature's compiled root fields (graphql/compiled-roots.ts):
 *
 * - `creators(first, after, filter, sort)`, the listing: the connection, its edges, cursors and
 *   pageInfo, `totalCount` (from the per-filter count cache), the cards' columns,
 *   `nextFreeSlots(first)` and `latestReviews(first)`. The page itself is the listing's own
 *   (`pageStatement`: same filters, sort, keyset and index walk), so both paths return the same
 *   creators; the cards' children come from the same subqueries as the listing's statement
 *   (`nextFreeSlotsJson`, `latestReviewsJson`).
 * - `creator(id)`, the creator page's profile: the same card fields, of a public creator only (as
 *   `getPublicProfile`); any other id (unknown, a brand, suspended) is NOT_FOUND there, so its value
 *   is NULL here and graphql-js answers.
 *
 * A card is read from a row `c` of profiles of a public creator (the page's filter, `PUBLIC_CREATOR`)
 * with the creator's scheduling row (bookable.ts `schedulingRow`, joined once per card): the next
 * free slots and "available" both read the slots through it.
 */

const PROFILE_FIELDS: Columns = {
  id: () => 'c.id',
  userId: () => 'c.user_id',
  accountType: (s) => enumSql(enumOf(s, 'AccountType'), 'c.account_type'),
  displayName: () => 'c.display_name',
  bio: () => 'c.bio',
  profileImageUrl: () => 'c.profile_image_url',
  isVerified: () => 'c.is_verified',
  averageRating: () => 'c.average_rating',
  reviewCount: () => 'c.review_count',
  totalBookings: () => 'c.total_bookings',
  platforms: (s) =>
    `(select coalesce(json_agg(${enumSql(enumOf(s, 'Platform'), 'x.v')} order by x.i), '[]'::json) from unnest(c.platforms) with ordinality x(v, i))`,
  hourlyRateCents: () => 'c.hourly_rate_cents',
  minimumHours: () => 'c.minimum_hours',
  // As profileColumns' "bookable": `c` is a public creator (not suspended, owner verified and not
  // suspended) in both roots that read cards, so what remains is their own switch and a bookable slot.
  isAvailable: () => `(c.is_available and ${hasBookableSlotWith('c.id', 'c')})`,
  twitchUsername: () => 'c.twitch_username',
  youtubeHandle: () => 'c.youtube_handle',
  tiktokHandle: () => 'c.tiktok_handle',
  instagramHandle: () => 'c.instagram_handle',
  timezone: () => 'c.timezone',
  createdAt: () => iso('c.created_at'),
  updatedAt: () => iso('c.updated_at'),
};

/** A profile's fields, its free slots and latest reviews included, from the row `c`. */
function profileOf(cx: Compiler, type: GraphQLObjectType, fields: Map<string, CollectedField>): Emit {
  return objectOf(type, fields, (_key, f, def) => {
    // `first` is read per request (it may come from a variable); the plan only checks it is valid now.
    if (f.name === 'nextFreeSlots') {
      firstOf(def, f, cx.variables);
      const element = elementOf(cx, def, f, SLOT_FIELDS);
      return (q) => {
        const first = firstOf(def, f, q.variables);
        // Bound in text order: the element's own values, then now, then the limit.
        const el = element(q);
        return `coalesce(${nextFreeSlotsJson('c.id', el, { scheduling: 'c' }, bind(q, first))}, '[]'::json)`;
      };
    }
    if (f.name === 'latestReviews') {
      firstOf(def, f, cx.variables);
      const element = elementOf(cx, def, f, REVIEW_FIELDS);
      return (q) => {
        const first = firstOf(def, f, q.variables);
        const el = element(q);
        return `coalesce(${latestReviewsJson('c.user_id', el, bind(q, first))}, '[]'::json)`;
      };
    }
    if (f.name === 'avatarUrl') {
      avatarSizeOf(def, f, cx.variables);
      return (q) => avatarUrlSql('c', avatarSizeOf(def, f, q.variables));
    }
    return scalar(cx, PROFILE_FIELDS, f, def);
  });
}

/** `creator(id)`: a public creator's profile, else NULL (graphql-js answers NOT_FOUND). */
export const creatorRoot: RootFieldCompiler<GraphQLContext> = {
  field: 'creator',
  compile(cx, def, f) {
    const type = objectTypeOf(def);
    const profile = profileOf(cx, type, childFields(cx, f, type));
    return {
      request: ({ id }) =>
        typeof id === 'string' && UUID_RE.test(id)
          ? {
              fixed: true,
              value: (q) => `(select ${profile(q)} from (select p.*, bk.* from profiles p join users u on u.id = p.user_id
                cross join lateral ${schedulingRow('p.id', bind(q, q.now))} bk where p.id = ${bind(q, id)} and ${PUBLIC_CREATOR}) c)`,
            }
          : null,
    };
  },
};

/** One listing request's page: how many edges, the sort (cursors name it) and the count when asked. */
type ListingQuery = SqlQuery & { page: { size: number; sort: string; count: number | null } };

/** The cursor of a card, as `encodeCursor([sort, key, id])` prints it. */
const cardCursor = (q: ListingQuery) => cursorSql(`${quote(`${JSON.stringify(q.page.sort)},`)} || c.sort_key::float8::text || ',"' || c.id || '"'`);

/** `creators(...)`: the listing, its page read by the CTEs `page` (the listing's own page statement) and `cards`. */
export const creatorsRoot: RootFieldCompiler<GraphQLContext> = {
  field: 'creators',
  compile(cx, def, f) {
    const type = objectTypeOf(def);
    const connection = connectionOf<ListingQuery>(cx, type, f, {
      rows: 'cards',
      alias: 'c',
      size: (q) => q.page.size,
      cursor: cardCursor,
      node: (node, fields) => profileOf(cx, node, fields),
      totalCount: (q) => `${bind(q, q.page.count)}::int`,
    });
    const wantsCount = [...childFields(cx, f, type).values()].some((c) => c.name === 'totalCount');
    return {
      async request(args, { ctx, now }) {
        let page: ReturnType<typeof pageStatement>;
        try {
          page = pageStatement({ filter: { ...(args.filter as object | undefined) }, sort: args.sort, first: args.first, after: args.after }, now);
        } catch {
          return null; // the resolver reports it
        }
        if (page.window.mode !== 'cursor') return null;
        const shape = { size: page.window.size, sort: page.sort, count: wantsCount ? await ctx.services.profiles.countCreators(ctx, page.filter) : null };
        return {
          fixed: page.fixed,
          with: [
            {
              name: 'page',
              sql: (q) => {
                q.params.push(...page.params);
                return page.sql;
              },
            },
            {
              name: 'cards',
              sql: (q) => `select p.*, bk.*, page.sort_key, row_number() over (order by page.sort_key ${page.dir}, page.id) as n
  from page join profiles p on p.id = page.id cross join lateral ${schedulingRow('p.id', bind(q, q.now))} bk`,
            },
          ],
          value: (q) => connection({ ...q, page: shape }),
        };
      },
    };
  },
};
