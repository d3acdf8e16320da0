import { HeaderMap, type ApolloServerPlugin } from '@apollo/server';
import { Kind, type FormattedExecutionResult, type OperationDefinitionNode } from 'graphql';
import { PUBLIC_CACHEABLE_FIELDS } from '../security/cache-control';
import type { EventBus } from '../shared/events';
import type { GraphQLContext } from './context';

export interface ResponseCacheOptions {
  ttlMs: number;
  maxEntries: number;
  events: EventBus;
  now?: () => number;
}

interface Entry {
  result: FormattedExecutionResult;
  expiresAt: number;
}

/**
 * Repeated anonymous reads of the public catalogue (listing, creator page) answered from memory.
 * Correct because: only requests without a viewer are served or stored, and only operations whose
 * every root field is public (PUBLIC_CACHEABLE_FIELDS, the reads HTTP caches may also keep for 30 s:
 * nothing there depends on who asks); answers with
 * errors are never kept; any slot or booking change (the `slotsChanged` / `bookingUpdated`
 * events, which reach every instance) empties the cache at once, so free hours are never shown
 * stale; other edits (profile text, ratings) show within `ttlMs`. Bounded to `maxEntries`.
 */
export function anonymousResponseCache(opts: ResponseCacheOptions): ApolloServerPlugin<GraphQLContext> & { close(): void } {
  const now = opts.now ?? Date.now;
  const entries = new Map<string, Entry>();
  // Bumped by every change: an answer computed before a change is not kept after it.
  let generation = 0;
  const clear = () => {
    generation += 1;
    entries.clear();
  };
  const unsubscribe = [opts.events.subscribe('slotsChanged', clear), opts.events.subscribe('bookingUpdated', clear)];

  return {
    close: () => unsubscribe.forEach((off) => off()),
    async requestDidStart() {
      let key: string | null = null;
      let hit = false;
      const startedIn = generation;
      return {
        async responseForOperation({ contextValue, operation, source, request }) {
          if (contextValue.viewer || !isPublicRead(operation)) return null;
          key = `${request.operationName ?? ''}\u0000${source}\u0000${JSON.stringify(request.variables ?? {})}`;
          const entry = entries.get(key);
          if (!entry || entry.expiresAt <= now()) return null;
          hit = true;
          return { http: { status: undefined, headers: new HeaderMap() }, body: { kind: 'single', singleResult: entry.result } };
        },
        async willSendResponse({ response }) {
          if (!key || hit || startedIn !== generation || response.body.kind !== 'single' || response.body.singleResult.errors) return;
          entries.delete(key);
          entries.set(key, { result: response.body.singleResult, expiresAt: now() + opts.ttlMs });
          if (entries.size > opts.maxEntries) entries.delete(entries.keys().next().value!);
        },
      };
    },
  };
}

function isPublicRead(operation: OperationDefinitionNode): boolean {
  return (
    operation.operation === 'query' &&
    operation.selectionSet.selections.every((s) => s.kind === Kind.FIELD && (PUBLIC_CACHEABLE_FIELDS.has(s.name.value) || s.name.value === '__typename'))
  );
}
