import { HeaderMap, type ApolloServerPlugin, type GraphQLRequestContextResponseForOperation } from '@apollo/server';
import { execute, type FormattedExecutionResult } from 'graphql';
import { isSharedCacheable, operationCachePolicy } from './cache-policy';
import type { EventBus, EventName } from '../shared/events';
import type { GraphQLContext } from './context';

export interface ResponseCacheOptions {
  /** How long an answer is fresh. */
  ttlMs: number;
  /** After that, how long it may still be served while one background run refreshes it (default: ttlMs). */
  staleMs?: number;
  maxEntries: number;
  events: EventBus;
  now?: () => number;
  /** How long a request waits for an identical one already running before running itself. */
  coalesceWaitMs?: number;
}

/** Every event that announces a change of public data (slots, bookings, profiles, ratings, reviews). */
export const PUBLIC_DATA_EVENTS: readonly EventName[] = ['slotsChanged', 'bookingUpdated', 'profileChanged'];

/**
 * Answers never outlive the quarter hour they were computed in: "free future hours" and
 * `isAvailable` change when a slot starts, slots start on a local hour, and every time zone's
 * offset is a whole number of quarter hours.
 */
const TIME_BUCKET_MS = 15 * 60_000;

interface Entry {
  result: FormattedExecutionResult;
  /** The result as Apollo would send it, serialized on the first answer straight from HTTP. */
  body?: string;
  freshUntil: number;
  servableUntil: number;
  refreshing: boolean;
  /** The operation's `@cacheControl` maxAge: an answer is fresh for at most that long. */
  maxAgeMs: number;
}

type Answer = FormattedExecutionResult | null;

/** One key per operation text, operation name and variables (a document sent in full or by APQ hash alike). */
const cacheKey = (operationName: string | null | undefined, source: string, variables: unknown) =>
  `${operationName ?? ''}\u0000${source}\u0000${JSON.stringify(variables ?? {})}`;

export interface AnonymousResponseCache extends ApolloServerPlugin<GraphQLContext> {
  /**
   * The serialized answer to a public read, if one may be served without Apollo: lets the HTTP
   * layer answer repeated reads without running Apollo's pipeline (see response-cache-http.ts).
   * That is a fresh answer, or a stale one while a refresh started by an earlier request runs; a
   * stale answer nobody refreshes yet is left to Apollo, whose request starts the refresh. Only
   * what Apollo stored is found, so only public reads; anything else is for Apollo to run.
   */
  servableBody(operationName: string | null | undefined, source: string, variables: unknown): string | null;
  close(): void;
}

/**
 * Repeated reads of the public catalogue (listing, creator page, reviews, free hours) answered
 * from memory, for anonymous visitors, signed-in users and partner API keys alike.
 *
 * What may be kept: only queries whose every field is declared PUBLIC with a maxAge by its
 * `@cacheControl` hints (cache-policy.ts: the reads HTTP caches may keep too; nothing there depends
 * on who asks, so one answer serves every viewer; one PRIVATE field anywhere and the query is run
 * for each request), and only answers without errors. Bounded to `maxEntries`. The Cache-Control header
 * still differs: `private` for a request with credentials (cache-control.ts).
 *
 * Correctness: every write that changes public data publishes one of PUBLIC_DATA_EVENTS after
 * its commit, and the event bus delivers it to every instance. Each event empties the cache and
 * starts a new generation; an answer is stored, shared with a waiting request or refreshed only
 * if no event arrived since its execution started. So once an event has reached this instance,
 * no answer computed before it is served. Time is the other input ("future" slots): see
 * TIME_BUCKET_MS.
 *
 * Speed: misses of the same request at the same time run once (the others wait for that run);
 * an answer past `ttlMs` is still served for up to `staleMs` while one background run replaces it,
 * so visitors do not wait on expiry. After an event there is nothing stale to serve: the next
 * requests run for real.
 */
export function anonymousResponseCache(opts: ResponseCacheOptions): AnonymousResponseCache {
  const now = opts.now ?? Date.now;
  const staleMs = opts.staleMs ?? opts.ttlMs;
  const coalesceWaitMs = opts.coalesceWaitMs ?? 10_000;
  const entries = new Map<string, Entry>();
  const running = new Map<string, Promise<Answer>>();
  let generation = 0;
  const invalidate = () => {
    generation += 1;
    entries.clear();
    running.clear();
  };
  const unsubscribe = PUBLIC_DATA_EVENTS.map((event) => opts.events.subscribe(event, invalidate));

  /** Keeps an answer whose execution started at `startedAt` in generation `startedIn`, if still current. */
  const store = (key: string, result: FormattedExecutionResult, startedIn: number, startedAt: number, maxAgeMs: number) => {
    if (startedIn !== generation || result.errors) return;
    const ttlMs = Math.min(opts.ttlMs, maxAgeMs);
    const servableUntil = Math.min(startedAt + ttlMs + staleMs, (Math.floor(startedAt / TIME_BUCKET_MS) + 1) * TIME_BUCKET_MS);
    entries.delete(key);
    entries.set(key, { result, freshUntil: Math.min(startedAt + ttlMs, servableUntil), servableUntil, refreshing: false, maxAgeMs });
    if (entries.size > opts.maxEntries) entries.delete(entries.keys().next().value!);
  };

  /** Runs the operation again outside the request that found the entry stale, and keeps the answer. */
  const refresh = (key: string, entry: Entry, rc: GraphQLRequestContextResponseForOperation<GraphQLContext>) => {
    entry.refreshing = true;
    const startedIn = generation;
    const startedAt = now();
    Promise.resolve(
      execute({
        schema: rc.schema,
        document: rc.document,
        contextValue: rc.contextValue,
        variableValues: rc.request.variables,
        operationName: rc.request.operationName,
      }),
    )
      .then((result) => {
        if (!result.errors) store(key, { data: result.data }, startedIn, startedAt, entry.maxAgeMs);
      })
      .catch((err: unknown) => rc.logger.warn(`response cache: refresh failed: ${String(err)}`))
      .finally(() => {
        entry.refreshing = false; // a replaced entry is gone from the map; a kept one may be retried
      });
  };

  /** The answer of an identical request already running, if it ends without errors and without an event meanwhile. */
  const joinRunning = async (flight: Promise<Answer>): Promise<Answer> => {
    const joinedIn = generation;
    let timer: NodeJS.Timeout | undefined;
    const gaveUp = new Promise<null>((resolve) => {
      timer = setTimeout(() => resolve(null), coalesceWaitMs);
      timer.unref();
    });
    const answer = await Promise.race([flight, gaveUp]);
    clearTimeout(timer);
    return answer && joinedIn === generation ? answer : null;
  };

  const startFlight = (key: string) => {
    let settle!: (answer: Answer) => void;
    const flight = new Promise<Answer>((resolve) => (settle = resolve));
    running.set(key, flight);
    return { flight, settle };
  };

  return {
    close: () => unsubscribe.forEach((off) => off()),
    servableBody(operationName, source, variables) {
      const entry = entries.get(cacheKey(operationName, source, variables));
      const t = now();
      // Missing, past its time, or stale with no refresh running: Apollo serves it (and refreshes).
      if (!entry || t >= entry.servableUntil || (t >= entry.freshUntil && !entry.refreshing)) return null;
      entry.body ??= `${JSON.stringify(entry.result)}\n`; // what Apollo writes (prettyJSONStringify)
      return entry.body;
    },
    async requestDidStart() {
      let key: string | null = null;
      let served = false;
      let startedIn = 0;
      let startedAt = 0;
      let maxAgeMs = 0;
      // Set when this request runs a miss others may wait for.
      let lead: { flight: Promise<Answer>; settle: (answer: Answer) => void } | null = null;
      return {
        async responseForOperation(rc) {
          const { schema, document, operation, source, request } = rc;
          const policy = operationCachePolicy(schema, document, operation, request.variables);
          if (!isSharedCacheable(policy) || wantsFreshAnswer(request.http?.headers.get('cache-control'))) return null;
          key = cacheKey(request.operationName, source, request.variables);
          maxAgeMs = policy.maxAge * 1000;
          const t = now();
          let result: Answer = null;
          const entry = entries.get(key);
          if (entry && t < entry.servableUntil) {
            if (t >= entry.freshUntil && !entry.refreshing) refresh(key, entry, rc);
            result = entry.result;
          } else {
            const flight = running.get(key);
            if (flight) result = await joinRunning(flight);
            else lead = startFlight(key);
          }
          if (result) {
            served = true;
            return { http: { status: undefined, headers: new HeaderMap() }, body: { kind: 'single', singleResult: result } };
          }
          startedIn = generation;
          startedAt = now();
          return null;
        },
        async willSendResponse({ response }) {
          if (!key || served) return;
          const result = response.body.kind === 'single' && !response.body.singleResult.errors ? response.body.singleResult : null;
          if (lead) {
            lead.settle(result && startedIn === generation ? result : null);
            if (running.get(key) === lead.flight) running.delete(key);
          }
          if (result) store(key, result, startedIn, startedAt, maxAgeMs);
        },
      };
    },
  };
}

/**
 * A request sent with `Cache-Control: no-cache` (or `no-store`) asks for an answer computed now
 * (RFC 9111 §5.2.1.4): it is neither answered from nor stored in this cache. The bench's uncached
 * rows send it, so they keep measuring the resolver path whatever the cache serves to others.
 */
export function wantsFreshAnswer(cacheControl: string | undefined | null): boolean {
  return !!cacheControl && /(^|,)\s*no-(cache|store)\s*(,|$)/i.test(cacheControl);
}
