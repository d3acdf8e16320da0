import type { ApolloServerPlugin } from '@apollo/server';
import { Kind, type DocumentNode, type SelectionSetNode } from 'graphql';
import type { Viewer } from '../shared/context';

/** The public read operations whose anonymous answers caches (a CDN, the browser) may keep. */
export const PUBLIC_CACHEABLE_FIELDS = new Set(['creators', 'creator', 'reviews', 'availabilitySlots', 'recurringPatterns', 'paymentConfig']);
export const PUBLIC_CACHE_CONTROL = 'public, max-age=30';
export const PRIVATE_CACHE_CONTROL = 'private, no-store';

/**
 * Cache-Control on every GraphQL answer: `public, max-age=30` for an anonymous, error-free query
 * that only asks for public data; `private, no-store` for everything else (signed-in or key
 * requests, mutations, errors). With APQ over GET, the public listing becomes CDN-cacheable.
 */
export function cacheControlPlugin<C extends { viewer: Viewer | null }>(): ApolloServerPlugin<C> {
  return {
    async requestDidStart() {
      return {
        async willSendResponse({ contextValue, operation, document, response }) {
          const ok = response.body.kind === 'single' && !response.body.singleResult.errors?.length;
          const cacheable =
            ok &&
            !contextValue.viewer &&
            operation?.operation === 'query' &&
            document !== undefined &&
            rootFields(operation.selectionSet, document).every((f) => f === '__typename' || PUBLIC_CACHEABLE_FIELDS.has(f));
          response.http.headers.set('cache-control', cacheable ? PUBLIC_CACHE_CONTROL : PRIVATE_CACHE_CONTROL);
        },
      };
    },
  };
}

function rootFields(set: SelectionSetNode, document: DocumentNode, seen = new Set<string>()): string[] {
  return set.selections.flatMap((sel) => {
    if (sel.kind === Kind.FIELD) return [sel.name.value];
    if (sel.kind === Kind.INLINE_FRAGMENT) return rootFields(sel.selectionSet, document, seen);
    if (seen.has(sel.name.value)) return [];
    seen.add(sel.name.value);
    const fragment = document.definitions.find((d) => d.kind === Kind.FRAGMENT_DEFINITION && d.name.value === sel.name.value);
    return fragment && fragment.kind === Kind.FRAGMENT_DEFINITION ? rootFields(fragment.selectionSet, document, seen) : ['(unknown)'];
  });
}
