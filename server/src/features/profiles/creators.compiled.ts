import {
  getArgumentValues,
  getNamedType,
  isObjectType,
  type DocumentNode,
  type GraphQLEnumType,
  type GraphQLField,
  type GraphQLObjectType,
  type GraphQLSchema,
  type OperationDefinitionNode,
} from 'graphql';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { CompiledRead } from '../../graphql/compiled-reads';
import type { GraphQLContext } from '../../graphql/context';
import { collectFields, directiveVariables, fragmentsOf, subSelections, type CollectedField } from '../../graphql/selection';
import { preparedQuery, StatementNames } from '../../db/prepared';
import type { Clock } from '../../shared/clock';
import { MAX_PAGE_SIZE } from '../../shared/pagination';
import { latestReviewsJson } from '../reviews/latest-reviews';
import { pageStatement } from './creator-search';
import { nextFreeSlotsJson } from './free-slots';

/**
 * The creator listing (`creators(first, after, filter, sort)`) compiled into ONE statement that
 * builds the whole answer's JSON in PostgreSQL, for the fields it knows: the connection, its
 * edges, cursors and pageInfo, `totalCount` (from the per-filter count cache), the card's columns,
 * `nextFreeSlots(first)` and `latestReviews(first)` with their fields, `__typename`, aliases,
 * fragments and `@skip` / `@include`. Nothing it serves depends on who asks.
 *
 * The page itself is the listing's own (`pageStatement`: same filters, sort, keyset and index
 * walk), so both paths return the same creators; the cards' children come from the same
 * subqueries as the listing's statement (`nextFreeSlotsJson`, `latestReviewsJson`), each element
 * built with exactly the fields asked, scalars printed as the schema serialises them (DateTimeISO
 * as `Date#toISOString`, enums by name, Float and Int as JSON numbers).
 *
 * A document is compiled once per operation and `@skip`/`@include` values; any field, argument
 * value, fragment or directive it does not know makes it answer null, and the normal execution
 * runs instead (which also reports every error: nothing is ever answered here with errors).
 */

type Emit = (q: Query) => string;

/** One request's statement being built: the `?` parameters in text order. */
interface Query {
  params: unknown[];
  now: Date;
  variables: Record<string, unknown>;
  /** The connection's page size (rows 1..size are the edges). */
  size: number;
  sort: string;
  count: number | null;
}

const bind = (q: Query, value: unknown) => {
  q.params.push(value);
  return '?';
};

/** `YYYY-MM-DDTHH:MM:SS.mmmZ`, exactly `Date#toISOString` (milliseconds truncated, as the driver reads them). */
const iso = (column: string) => `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

const quote = (text: string) => `'${text.replace(/'/g, "''")}'`;

/** An enum column printed by the schema's name for each internal value. */
function enumSql(type: GraphQLEnumType, column: string): string {
  return `(case ${column} ${type
    .getValues()
    .map((v) => `when ${quote(String(v.value))} then ${quote(v.name)}`)
    .join(' ')} end)`;
}

/** Scalar columns of each type served, as SQL on that type's row alias. */
type Columns = Record<string, (schema: GraphQLSchema, q: Query) => string>;

const PROFILE: Columns = {
  id: () => 'c.id',
  userId: () => 'c.user_id',
  accountType: (s) => enumSql(s.getType('AccountType') as GraphQLEnumType, 'c.account_type'),
  displayName: () => 'c.display_name',
  bio: () => 'c.bio',
  profileImageUrl: () => 'c.profile_image_url',
  isVerified: () => 'c.is_verified',
  averageRating: () => 'c.average_rating',
  reviewCount: () => 'c.review_count',
  totalBookings: () => 'c.total_bookings',
  platforms: (s) =>
    `(select coalesce(json_agg(${enumSql(s.getType('Platform') as GraphQLEnumType, 'x.v')} order by x.i), '[]'::json) from unnest(c.platforms) with ordinality x(v, i))`,
  hourlyRateCents: () => 'c.hourly_rate_cents',
  minimumHours: () => 'c.minimum_hours',
  // As PROFILE_COLUMNS' "bookable".
  isAvailable: (_s, q) =>
    `(c.is_available and c.suspended_at is null and c.user_suspended_at is null and exists (
      select 1 from availability_slots s where s.streamer_id = c.id and not s.is_booked and s.start_time > ${bind(q, q.now)}))`,
  twitchUsername: () => 'c.twitch_username',
  youtubeHandle: () => 'c.youtube_handle',
  tiktokHandle: () => 'c.tiktok_handle',
  instagramHandle: () => 'c.instagram_handle',
  timezone: () => 'c.timezone',
  createdAt: () => iso('c.created_at'),
  updatedAt: () => iso('c.updated_at'),
};

const SLOT: Columns = {
  id: () => 'f.id',
  creatorId: () => 'f.streamer_id',
  streamerId: () => 'f.streamer_id', // creatorId's deprecated name
  startTime: () => iso('f.start_time'),
  endTime: () => iso('f.end_time'),
  isBooked: () => 'f.is_booked',
};

const REVIEW: Columns = {
  id: () => 'x.id',
  bookingId: () => 'x.booking_id',
  creatorId: () => 'x.streamer_id',
  streamerId: () => 'x.streamer_id', // creatorId's deprecated name
  reviewerId: () => 'x.reviewer_id',
  revieweeId: () => 'x.reviewee_id',
  rating: () => 'x.rating',
  comment: () => 'x.comment',
  createdAt: () => iso('x.created_at'),
  reviewerName: () => 'x.reviewer_name',
};

/** The cursor of a card, as `encodeCursor([sort, key, id])` (base64url of its JSON) prints it. */
const cursorSql = (q: Query) =>
  `translate(encode(convert_to(${quote(`[${JSON.stringify(q.sort)},`)} || c.sort_key::float8::text || ',"' || c.id || '"]', 'UTF8'), 'base64'), E'+/=\\n', '-_')`;

class NotCompiled extends Error {}
const give = (): never => {
  throw new NotCompiled();
};

interface Compiler {
  schema: GraphQLSchema;
  fragments: ReturnType<typeof fragmentsOf>;
  variables: Record<string, unknown>;
}

/** A `json_build_object(...)` of the fields of one object type. */
function objectOf(type: GraphQLObjectType, fields: Map<string, CollectedField>, field: (key: string, f: CollectedField, def: GraphQLField<unknown, unknown>) => Emit): Emit {
  const parts: { key: string; emit: Emit }[] = [];
  for (const [key, f] of fields) {
    if (f.name === '__typename') {
      parts.push({ key, emit: () => quote(type.name) });
      continue;
    }
    const def = type.getFields()[f.name] ?? give();
    parts.push({ key, emit: field(key, f, def) });
  }
  return (q) => `json_build_object(${parts.map((p) => `${quote(p.key)}, ${p.emit(q)}`).join(', ')})`;
}

function childFields(cx: Compiler, f: CollectedField, type: GraphQLObjectType) {
  return collectFields(subSelections(f), type.name, cx.fragments, cx.variables) ?? give();
}

/** A scalar field without arguments, or give up. */
function scalar(cx: Compiler, columns: Columns, f: CollectedField, def: GraphQLField<unknown, unknown>): Emit {
  const column = columns[f.name];
  if (!column || def.args.length > 0 || f.nodes.some((n) => n.arguments?.length || n.selectionSet)) give();
  return (q) => column(cx.schema, q);
}

/** The `first` of a card's list, as the field's resolver would take it (1..MAX_PAGE_SIZE, else the normal path reports it). */
function firstOf(def: GraphQLField<unknown, unknown>, f: CollectedField, variables: Record<string, unknown>): number {
  const first = getArgumentValues(def, f.nodes[0], variables).first;
  if (typeof first !== 'number' || !Number.isInteger(first) || first < 1 || first > MAX_PAGE_SIZE) give();
  return first as number;
}

function elementOf(cx: Compiler, def: GraphQLField<unknown, unknown>, f: CollectedField, columns: Columns): Emit {
  const type = getNamedType(def.type);
  if (!isObjectType(type)) give();
  const t = type as GraphQLObjectType;
  return objectOf(t, childFields(cx, f, t), (_k, child, childDef) => scalar(cx, columns, child, childDef));
}

function profileOf(cx: Compiler, type: GraphQLObjectType, fields: Map<string, CollectedField>): Emit {
  return objectOf(type, fields, (_key, f, def) => {
    // `first` is read per request (it may come from a variable); the plan only checks it is valid now.
    if (f.name === 'nextFreeSlots') {
      firstOf(def, f, cx.variables);
      const element = elementOf(cx, def, f, SLOT);
      return (q) => {
        const el = element(q);
        const first = firstOf(def, f, q.variables);
        return `coalesce(${nextFreeSlotsJson('c.id', el).replace('?', () => bind(q, q.now)).replace(/limit \?/, () => `limit ${bind(q, first)}`)}, '[]'::json)`;
      };
    }
    if (f.name === 'latestReviews') {
      firstOf(def, f, cx.variables);
      const element = elementOf(cx, def, f, REVIEW);
      return (q) => {
        const first = firstOf(def, f, q.variables);
        return `coalesce(${latestReviewsJson('c.user_id', element(q)).replace(/limit \?/, () => `limit ${bind(q, first)}`)}, '[]'::json)`;
      };
    }
    return scalar(cx, PROFILE, f, def);
  });
}

/** The connection object of one `creators` field. */
function connectionOf(cx: Compiler, def: GraphQLField<unknown, unknown>, f: CollectedField): Emit {
  const connection = getNamedType(def.type) as GraphQLObjectType;
  return objectOf(connection, childFields(cx, f, connection), (_key, cf, cdef) => {
    if (cf.nodes.some((n) => n.arguments?.length)) give();
    const type = getNamedType(cdef.type);
    if (cf.name === 'totalCount') return (q) => `${bind(q, q.count)}::int`;
    if (cf.name === 'pageInfo' && isObjectType(type)) {
      return objectOf(type, childFields(cx, cf, type), (_k, pf) => {
        if (pf.nodes.some((n) => n.arguments?.length || n.selectionSet)) give();
        if (pf.name === 'hasNextPage') return (q) => `((select count(*) from cards) > ${q.size})`;
        if (pf.name === 'endCursor') return (q) => `(select ${cursorSql(q)} from cards c where c.n <= ${q.size} order by c.n desc limit 1)`;
        return give();
      });
    }
    if (cf.name === 'edges' && isObjectType(type)) {
      const edge = objectOf(type, childFields(cx, cf, type), (_k, ef, edef) => {
        if (ef.nodes.some((n) => n.arguments?.length)) give();
        if (ef.name === 'cursor') return (q) => cursorSql(q);
        const node = getNamedType(edef.type);
        if (ef.name === 'node' && isObjectType(node)) return profileOf(cx, node, childFields(cx, ef, node));
        return give();
      });
      return (q) => `coalesce((select json_agg(${edge(q)} order by c.n) from cards c where c.n <= ${q.size}), '[]'::json)`;
    }
    return give();
  });
}

/** What a compiled operation needs per request. */
interface Plan {
  /** The `creators` field and its response key. */
  key: string;
  field: CollectedField;
  def: GraphQLField<unknown, unknown>;
  /** Whether the root asks `__typename` too, and under which keys (in answer order with the field). */
  root: { key: string; typename: boolean }[];
  wantsCount: boolean;
  connection: Emit;
}

function compile(schema: GraphQLSchema, document: DocumentNode, operation: OperationDefinitionNode, variables: Record<string, unknown>): Plan | null {
  if (operation.operation !== 'query') return null;
  const queryType = schema.getQueryType();
  if (!queryType) return null;
  const cx: Compiler = { schema, fragments: fragmentsOf(document), variables };
  try {
    const roots = collectFields([operation.selectionSet], queryType.name, cx.fragments, variables) ?? give();
    let plan: Omit<Plan, 'root'> | null = null;
    const root: Plan['root'] = [];
    for (const [key, f] of roots) {
      if (f.name === '__typename') {
        root.push({ key, typename: true });
        continue;
      }
      if (f.name !== 'creators' || plan) give();
      const def = queryType.getFields().creators ?? give();
      const connection = connectionOf(cx, def, f);
      const wantsCount = [...(childFields(cx, f, getNamedType(def.type) as GraphQLObjectType).values())].some((c) => c.name === 'totalCount');
      plan = { key, field: f, def, wantsCount, connection };
      root.push({ key, typename: false });
    }
    return plan ? { ...plan, root } : null;
  } catch (err) {
    if (err instanceof NotCompiled) return null;
    throw err;
  }
}

const MAX_PLANS = 500;

/** Named prepared statements of compiled listings (one per query shape, platform, sort, first or later page), per connection. */
const MAX_NAMED_STATEMENTS = 100;

/** The compiled statement of an operation (`?` placeholders), for its plan to be checked (listing-plans.test.ts). */
type StatementFor = (
  schema: GraphQLSchema,
  document: DocumentNode,
  operation: OperationDefinitionNode,
  variables: Record<string, unknown>,
  countOf: (filter: ReturnType<typeof pageStatement>['filter']) => Promise<number>,
) => Promise<{ sql: string; params: unknown[]; fixed: boolean } | null>;

/**
 * The compiled listing as a CompiledRead (graphql/compiled-reads.ts): the Apollo plugin and the
 * HTTP fast path ask it for an operation's `data` as JSON text.
 */
export function compiledCreators(deps: { clock: Clock }): CompiledRead<GraphQLContext> & { statementFor: StatementFor } {
  /** Per document: the variables that shape it, and its plans per operation and their values. */
  const documents = new WeakMap<DocumentNode, { shaping: string[]; plans: Map<string, Plan | null> }>();
  const names = new StatementNames(MAX_NAMED_STATEMENTS, 'compiled');

  const planFor = (schema: GraphQLSchema, document: DocumentNode, operation: OperationDefinitionNode, variables: Record<string, unknown>) => {
    let doc = documents.get(document);
    if (!doc) {
      doc = { shaping: directiveVariables(document), plans: new Map() };
      documents.set(document, doc);
    }
    const key = `${operation.name?.value ?? ''}\u0000${doc.shaping.map((v) => String(variables[v])).join('\u0000')}`;
    let plan = doc.plans.get(key);
    if (plan === undefined) {
      plan = compile(schema, document, operation, variables);
      if (doc.plans.size < MAX_PLANS) doc.plans.set(key, plan);
    }
    return plan;
  };

  /** The statement answering an operation, or null when it is not one served here (or its arguments are refused). */
  const statementFor = async (
    schema: GraphQLSchema,
    document: DocumentNode,
    operation: OperationDefinitionNode,
    variables: Record<string, unknown>,
    countOf: (filter: ReturnType<typeof pageStatement>['filter']) => Promise<number>,
  ) => {
    const plan = planFor(schema, document, operation, variables);
    if (!plan) return null;
    let page: ReturnType<typeof pageStatement>;
    const now = deps.clock.now();
    try {
      const args = getArgumentValues(plan.def, plan.field.nodes[0], variables);
      page = pageStatement({ filter: { ...(args.filter as object | undefined) }, sort: args.sort, first: args.first, after: args.after }, now);
    } catch {
      return null; // the resolver reports it
    }
    if (page.window.mode !== 'cursor') return null;
    const count = plan.wantsCount ? await countOf(page.filter) : null;
    const q: Query = { params: [...page.params], now, variables, size: page.window.size, sort: page.sort, count };
    let data: string;
    try {
      data = plan.root.map((r) => `${quote(r.key)}, ${r.typename ? quote(schema.getQueryType()!.name) : plan.connection(q)}`).join(', ');
    } catch (err) {
      if (err instanceof NotCompiled) return null; // e.g. a list size out of range this time: the resolver reports it
      throw err;
    }
    const sql = `with page as (
  ${page.sql}
), cards as (
  select p.*, u.suspended_at as user_suspended_at, page.sort_key, row_number() over (order by page.sort_key ${page.dir}, page.id) as n
  from page join profiles p on p.id = page.id join users u on u.id = p.user_id
)
select json_build_object(${data})::text as data`;
    return { sql, params: q.params, fixed: page.fixed };
  };

  return {
    isCompiled: (schema, document, operation, variables) => planFor(schema, document, operation, variables) !== null,
    statementFor,
    async answer({ schema, document, operation, variables, ctx }) {
      const st = await statementFor(schema, document, operation, variables, (filter) => ctx.services.profiles.countCreators(ctx, filter));
      if (!st) return null;
      const rows = st.fixed ? (await preparedQuery<{ data: string }>(ctx.em, st.sql, st.params, names)).rows : await unnamed(ctx.em, st.sql, st.params);
      return rows[0].data;
    },
  };
}

const unnamed = async (em: EntityManager, sql: string, params: unknown[]) =>
  ((await em.getKnex().raw(sql, params as never[])) as { rows: { data: string }[] }).rows;

