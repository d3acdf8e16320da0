import {
  getNamedType,
  isEnumType,
  isInputObjectType,
  isListType,
  isNonNullType,
  isObjectType,
  isScalarType,
  type GraphQLField,
  type GraphQLInputType,
  type GraphQLObjectType,
} from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../../test/harness';
import { account, creator, hourFromNow, type Account } from '../../../features/bookings/__tests__/booking-fixtures';
import { buildAppSchema } from '../../../app/schema';
import { dbSnapshot, restRoutes } from './api-surface';

/**
 * Fuzzing through the real server: thousands of random and malformed GraphQL documents,
 * variables and REST bodies. Never a 5xx or a masked internal error, the server keeps answering,
 * and calls that were refused leave the database exactly as it was.
 * Reproduce a failure with FUZZ_SEED=<seed printed in the failure>.
 */
const SEED = Number(process.env.FUZZ_SEED ?? 20261121);
const GRAPHQL_CASES = 1300;
const REST_CASES = 900;
const BATCH = 5;

/** mulberry32: a small seeded PRNG, so every run with one seed sends the same requests. */
function prng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (n: number) => Math.floor(next() * n);
  const pick = <T>(xs: readonly T[]): T => xs[int(xs.length)];
  const chance = (p: number) => next() < p;
  return { next, int, pick, chance };
}
type Rng = ReturnType<typeof prng>;

const UNICODE = ['é', 'ß', '漢字', '🙂', '𝔘', '\u0000', '\u202e', '\ufeff', '\ud800', 'Ω', '\n', '\t', '"', '\\', "'", '%00', '${x}'];
const STRINGS = [
  '',
  ' ',
  'a',
  "' OR 1=1 --",
  '"; drop table users; --',
  '<script>alert(1)</script>',
  '../../etc/passwd',
  '00000000-0000-0000-0000-000000000000',
  'not-a-uuid',
  '2026-13-45T25:61:61Z',
  '9999-12-31T23:59:59Z',
  '0000-01-01T00:00:00Z',
  '1970-01-01T00:00:00Z',
  '25:00',
  '09:00',
  'twitch',
  'TWITCH',
  'user@example.test',
  '@@@',
  'null',
  'undefined',
  'NaN',
  '{"$gt": ""}',
];
const NUMBERS = [0, -1, 1, 2, 7, 8, 9, 50, 51, -2147483648, 2147483647, 2147483648, 9007199254740993, 1e308, -1e308, 0.5, -0.0001, 100000000];

function randomString(r: Rng): string {
  switch (r.int(5)) {
    case 0:
      return r.pick(STRINGS);
    case 1:
      return Array.from({ length: 1 + r.int(12) }, () => r.pick(UNICODE)).join('');
    case 2:
      return 'x'.repeat(r.pick([255, 256, 1000, 2001, 5000, 20_000]));
    case 3:
      return crypto.randomUUID();
    default:
      return Array.from({ length: r.int(40) }, () => String.fromCharCode(32 + r.int(95))).join('');
  }
}

/** Any JSON value, nested up to `depth`. */
function randomJson(r: Rng, depth = 3): unknown {
  const kind = r.int(depth > 0 ? 8 : 5);
  if (kind === 0) return null;
  if (kind === 1) return r.chance(0.5);
  if (kind === 2) return r.pick(NUMBERS);
  if (kind === 3 || kind === 4) return randomString(r);
  if (kind === 5) return Array.from({ length: r.pick([0, 1, 3, 200]) }, () => randomJson(r, depth - 1));
  if (kind === 6) return nested(r.int(300));
  return Object.fromEntries(Array.from({ length: r.int(5) }, () => [r.chance(0.7) ? r.pick(FIELD_NAMES) : randomString(r).slice(0, 30), randomJson(r, depth - 1)]));
}
const nested = (levels: number): unknown => (levels === 0 ? 'deep' : { a: nested(levels - 1) });

/** Field names the API really reads, so random bodies reach the validators. */
const FIELD_NAMES = [
  'email', 'password', 'accountType', 'refreshToken', 'currentPassword', 'newPassword', 'displayName', 'display_name', 'bio',
  'hourlyRate', 'hourlyRateCents', 'minimumHours', 'platforms', 'twitchUsername', 'timezone', 'account_type', 'creatorId', 'streamerId',
  'streamer_id', 'start_time', 'end_time', 'startTime', 'endTime', 'date', 'title', 'dayOfWeek', 'daysOfWeek', 'startDate',
  'endDate', 'slotDuration', 'availabilitySlotId', 'bookingDetails', 'booking_id', 'bookingId', 'status', 'reason',
  'cancellation_reason', 'dispute_reason', 'dispute_evidence', 'evidence', 'rating', 'comment', 'reviewee_id', 'paymentIntentId',
  'sessionId', 'amount', 'cardNumber', 'expiry', 'cvc', 'clientSecret', 'returnUrl', 'name', 'expiresAt', 'userId', 'at', 'advanceMs',
];

/** A value for a GraphQL input type: often right-typed but wrong in content, sometimes the wrong type. */
function inputValue(r: Rng, type: GraphQLInputType, depth = 0): unknown {
  if (r.chance(0.08)) return randomJson(r, 2);
  if (isNonNullType(type)) return r.chance(0.05) ? null : inputValue(r, type.ofType, depth);
  if (r.chance(0.1)) return null;
  if (isListType(type)) return Array.from({ length: r.pick([0, 1, 2, 9, 100]) }, () => inputValue(r, type.ofType, depth + 1));
  if (isEnumType(type)) return r.chance(0.8) ? r.pick(type.getValues()).name : randomString(r);
  if (isInputObjectType(type)) {
    if (depth > 3) return {};
    const fields = Object.values(type.getFields()).filter(() => r.chance(0.8));
    return Object.fromEntries(fields.map((f) => [f.name, inputValue(r, f.type, depth + 1)]));
  }
  if (isScalarType(type)) {
    switch (type.name) {
      case 'Int':
        return r.pick(NUMBERS);
      case 'Float':
        return r.pick([...NUMBERS, 4.5, 5.1]);
      case 'Boolean':
        return r.chance(0.5);
      case 'DateTimeISO':
        return r.chance(0.5) ? new Date(Date.now() + (r.next() - 0.3) * 30 * 86_400_000).toISOString() : randomString(r);
      default:
        return randomString(r);
    }
  }
  return null;
}

/** A selection of the scalar fields of a result type (one level), enough to execute the resolver. */
function selection(type: GraphQLObjectType): string {
  const scalars = Object.values(type.getFields())
    .filter((f) => !isObjectType(getNamedType(f.type)) && f.args.length === 0)
    .map((f) => f.name);
  return `{ __typename ${scalars.slice(0, 6).join(' ')} }`;
}

function operationFor(kind: 'query' | 'mutation', field: GraphQLField<unknown, unknown>): string {
  const vars = field.args.map((a) => `$${a.name}: ${a.type.toString()}`).join(', ');
  const args = field.args.map((a) => `${a.name}: $${a.name}`).join(', ');
  const named = getNamedType(field.type);
  const sel = isObjectType(named) ? selection(named) : '';
  return `${kind} Fuzz${vars ? `(${vars})` : ''} { ${field.name}${args ? `(${args})` : ''} ${sel} }`;
}

/** Breaks a document: cuts, splices junk, nests deeply, or replaces it with noise. */
function mangle(r: Rng, doc: string): string {
  switch (r.int(7)) {
    case 0:
      return doc.slice(0, r.int(doc.length));
    case 1: {
      const at = r.int(doc.length);
      return doc.slice(0, at) + Array.from({ length: 1 + r.int(6) }, () => r.pick(['{', '}', '(', ')', '$', ':', '!', '"', '...', '@skip', '#', '\\u0000', ...UNICODE])).join('') + doc.slice(at);
    }
    case 2:
      return `query { ${'creators { edges { node { '.repeat(1 + r.int(60))} id ${'} } }'.repeat(1 + r.int(60))} }`;
    case 3:
      return `query { ${Array.from({ length: r.pick([20, 400, 3000]) }, (_, i) => `a${i}: __typename`).join(' ')} }`;
    case 4:
      return `${doc} ${doc}`;
    case 5:
      return Array.from({ length: r.int(200) }, () => String.fromCharCode(r.int(0x3000))).join('');
    default:
      return `query ($v: ${r.pick(['Int', 'String!', '[ID!]!', 'CreatorFilter', 'Nope'])}) { ${r.pick(['creators', 'me', 'creator(id: $v) { id }', 'reviews(creatorId: $v) { totalCount }'])} }`;
  }
}

/** Percent-encoding that survives lone surrogates (sent as invalid UTF-8 bytes instead). */
function enc(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    return `%ED%A0%80${encodeURIComponent(value.replace(/[\ud800-\udfff]/g, ''))}`;
  }
}

interface Outcome {
  status: number;
  /** A call that went through (so the database may legitimately have changed). */
  accepted: boolean;
  internalError: boolean;
  /** Refused by PostgreSQL rather than a validator ("Invalid input"): a validation gap to report. */
  dbRefused: boolean;
  /** Refusals of the caller's input (400, BAD_USER_INPUT) that name neither a field nor a rule. */
  vague: string[];
  label: string;
}

/** Messages that tell the caller nothing they could fix. */
const VAGUE = new Set(['Invalid input', 'Bad request', 'Internal server error', '']);
/** A refusal names a field (REST `field`, GraphQL `extensions.field` or the field/variable in the message) or a rule. */
const RULE = /\b(must|at most|at least|only|expected|required|cannot|not valid|invalid|malformed|unknown|exceed|too (long|large|many|deep|complex)|not allowed|unsupported|did you mean|not defined|syntax error|is not|are not|needs?|limit|should|disabled)\b/i;
/** GraphQL's own refusals name what they mean in quotes: Variable "$id", Field "creator", Argument "first". */
const NAMED = /"[^"\s]+"/;
function vagueRefusals(errors: { message?: unknown; field?: unknown }[]): string[] {
  return errors
    .filter((e) => VAGUE.has(String(e.message ?? '')) || (!e.field && !RULE.test(String(e.message ?? '')) && !NAMED.test(String(e.message ?? ''))))
    .map((e) => String(e.message ?? ''));
}

let app: TestApp;
let brand: Account;
let creatorAccount: Account & { profileId: string };
beforeAll(async () => {
  app = await startTestApp();
  brand = await account(app);
  creatorAccount = await creator(app, [hourFromNow(app, 30), hourFromNow(app, 31)]);
});
afterAll(async () => {
  await app?.close();
});

function authHeader(r: Rng): Record<string, string> {
  return r.pick<Record<string, string>>([
    {},
    { authorization: `Bearer ${brand.token}` },
    { authorization: `Bearer ${creatorAccount.token}` },
    { authorization: r.pick(['Bearer', 'Bearer garbage.token.here', 'Basic dXNlcjpwYXNz', `Bearer ${'a'.repeat(5000)}`]) },
    { 'x-api-key': r.pick(['chk_live_nope', `chk_live_${'A'.repeat(43)}`, '']) },
  ]);
}

async function send(method: string, path: string, headers: Record<string, string>, body: string | undefined, contentType = 'application/json'): Promise<{ status: number; text: string }> {
  const res = await fetch(app.url + path, { method, headers: { ...(body !== undefined ? { 'content-type': contentType } : {}), ...headers }, body });
  return { status: res.status, text: await res.text() };
}

function graphqlCase(r: Rng, fields: { kind: 'query' | 'mutation'; field: GraphQLField<unknown, unknown> }[]): () => Promise<Outcome> {
  const { kind, field } = r.pick(fields);
  const base = operationFor(kind, field);
  const variables = Object.fromEntries(field.args.filter(() => r.chance(0.9)).map((a) => [a.name, inputValue(r, a.type)]));
  const shape = r.int(10);
  let body: string;
  if (shape < 5) body = JSON.stringify({ query: base, variables });
  else if (shape < 8) body = JSON.stringify({ query: mangle(r, base), variables: r.chance(0.5) ? variables : randomJson(r) });
  else if (shape === 8) body = JSON.stringify(r.pick([{ query: randomJson(r) }, { query: base, variables: 'not an object' }, [{ query: base }], randomJson(r), { query: base, operationName: randomString(r) }]));
  else body = r.pick(['{', '{"query": "{ me { id } }"', 'null', '"just a string"', '\u0000', `{"query": "${'{'.repeat(5000)}"}`]);
  const headers = authHeader(r);
  // Every random choice is made here, not when the request runs, so a seed always sends the same requests.
  const getUrl = kind === 'query' && r.chance(0.1) ? `/graphql?query=${enc(mangle(r, base))}&variables=${enc(JSON.stringify(variables))}` : null;
  const contentType = r.chance(0.05) ? r.pick(['text/plain', 'application/graphql', 'multipart/form-data']) : 'application/json';
  return async () => {
    const res = getUrl ? await send('GET', getUrl, headers, undefined) : await send('POST', '/graphql', headers, body, contentType);
    let parsed: any = null;
    try {
      parsed = JSON.parse(res.text);
    } catch {
      /* not JSON */
    }
    const data = parsed?.data;
    // Reads may write too (a provider status refresh, a call log), so any success counts.
    const accepted = data && typeof data === 'object' && Object.values(data).some((v) => v !== null);
    const internalError = JSON.stringify(parsed?.errors ?? []).includes('INTERNAL_SERVER_ERROR');
    const errors: any[] = Array.isArray(parsed?.errors) ? parsed.errors : [];
    const refusals = errors.filter((e) => res.status === 400 || e?.extensions?.code === 'BAD_USER_INPUT').map((e) => ({ message: e?.message, field: e?.extensions?.field }));
    if (res.status === 400 && refusals.length === 0) refusals.push({ message: res.text.slice(0, 100), field: undefined });
    const vague = vagueRefusals(refusals);
    return { status: res.status, accepted: Boolean(accepted), internalError, dbRefused: res.text.includes('"Invalid input"'), vague, label: `${kind} ${field.name} ${body.slice(0, 300)}` };
  };
}

function restCase(r: Rng, routes: { method: string; path: string }[]): () => Promise<Outcome> {
  const route = r.pick(routes);
  const path = route.path.replace(/:(\w+)/g, (_m, name: string) =>
    enc(r.pick([creatorAccount.profileId, crypto.randomUUID(), randomString(r).slice(0, 200), '..', '%', name])),
  );
  const query = r.chance(0.3) ? `?${r.pick(['page', 'limit', 'status', 'platform', 'streamerId'])}=${enc(String(randomJson(r, 0)))}` : '';
  const shape = r.int(10);
  const body =
    shape < 6
      ? JSON.stringify(Object.fromEntries(Array.from({ length: 1 + r.int(5) }, () => [r.pick(FIELD_NAMES), randomJson(r, 2)])))
      : shape < 8
        ? JSON.stringify(randomJson(r))
        : r.pick(['{"email": ', '[1,2', 'null', 'true', '{"a":1}{"b":2}', '\u0000\u0001', 'x'.repeat(200_000)]);
  const headers = authHeader(r);
  const contentType = r.chance(0.05) ? r.pick(['text/plain', 'application/x-www-form-urlencoded', 'application/json; charset=utf-16']) : 'application/json';
  return async () => {
    const res = await send(route.method, `/api/v1${path}${query}`, headers, route.method === 'GET' ? undefined : body, contentType);
    const accepted = res.status < 300;
    let parsed: any = null;
    try {
      parsed = JSON.parse(res.text);
    } catch {
      /* not JSON */
    }
    return {
      status: res.status,
      accepted,
      // (An HTML answer is a page for people, e.g. an unsubscribe link's: its text must say what is wrong.)
      vague: res.status === 400 ? vagueRefusals([{ message: parsed ? parsed.error : res.text.replace(/<[^>]*>/g, ' ').trim(), field: parsed?.field }]) : [],
      internalError: res.text.includes('INTERNAL_SERVER_ERROR'),
      dbRefused: res.text.includes('"Invalid input"'),
      label: `${route.method} ${route.path} ${body.slice(0, 300)}`,
    };
  };
}

describe(`fuzzing the API (seed ${SEED})`, () => {
  it(`${GRAPHQL_CASES} GraphQL and ${REST_CASES} REST requests: no 5xx, no internal error, every 400 names a field or a rule, refused calls write nothing`, async () => {
    const r = prng(SEED);
    const schema = buildAppSchema();
    const fields = [
      ...Object.values(schema.getQueryType()!.getFields()).map((field) => ({ kind: 'query' as const, field })),
      ...Object.values(schema.getMutationType()!.getFields()).map((field) => ({ kind: 'mutation' as const, field })),
    ];
    const cases = [
      ...Array.from({ length: GRAPHQL_CASES }, () => graphqlCase(r, fields)),
      ...Array.from({ length: REST_CASES }, () => restCase(r, restRoutes())),
    ];
    // Interleave GraphQL and REST cases (a seeded shuffle), then run them in small concurrent batches.
    const order = [...cases];
    for (let i = order.length - 1; i > 0; i--) {
      const j = r.int(i + 1);
      [order[i], order[j]] = [order[j], order[i]];
    }

    const failures: string[] = [];
    let verifiedBatches = 0;
    let accepted = 0;
    const dbRefused = new Set<string>();
    for (let i = 0; i < order.length; i += BATCH) {
      const before = await dbSnapshot(app);
      const outcomes = await Promise.all(order.slice(i, i + BATCH).map((run) => run()));
      for (const o of outcomes) {
        if (o.status >= 500) failures.push(`HTTP ${o.status}: ${o.label}`);
        if (o.internalError) failures.push(`internal error: ${o.label}`);
        for (const message of o.vague) failures.push(`400 naming no field or rule ("${message}"): ${o.label}`);
      }
      accepted += outcomes.filter((o) => o.accepted).length;
      for (const o of outcomes) if (o.dbRefused) dbRefused.add(o.label.split(' ').slice(0, 2).join(' '));
      if (outcomes.every((o) => !o.accepted)) {
        verifiedBatches++;
        const after = await dbSnapshot(app);
        if (JSON.stringify(after) !== JSON.stringify(before)) {
          const changed = Object.keys(after).filter((t) => after[t] !== before[t]);
          failures.push(`refused calls changed ${changed.join(', ')} in batch starting at ${i}: ${outcomes.map((o) => `${o.status} ${o.label.slice(0, 120)}`).join(' | ')}`);
        }
      }
    }
    console.log(`fuzz seed ${SEED}: ${order.length} requests, ${accepted} accepted, ${verifiedBatches} all-refused batches verified unchanged`);
    if (dbRefused.size) console.log(`input refused by PostgreSQL, not a validator (400 "Invalid input"): ${[...dbRefused].sort().join('; ')}`);
    if (failures.length) console.log(failures.join('\n'));
    expect(failures.slice(0, 10), `seed ${SEED}`).toEqual([]);
    expect(verifiedBatches).toBeGreaterThan((order.length / BATCH) * 0.4);

    const health = await fetch(`${app.url}/healthz`);
    expect(health.status).toBe(200);
    const still = await app.gql(`{ creators(first: 1) { totalCount } }`);
    expect(still.body.data.creators.totalCount).toBeGreaterThanOrEqual(1);
  }, 600_000);
});
