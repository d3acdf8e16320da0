import type { ApolloServerPlugin } from '@apollo/server';
import { isSharedCacheable, operationCachePolicy } from '../graphql/cache-policy';
import type { Viewer } from '../shared/context';

export const PUBLIC_CACHE_CONTROL = 'public, max-age=30';
export const PRIVATE_CACHE_CONTROL = 'private, no-store';

/**
 * Cache-Control on every GraphQL answer: `public, max-age=30` for an anonymous, error-free query
 * whose every field is declared public and cacheable (`@cacheControl` hints, graphql/cache-policy.ts);
 * `private, no-store` for everything else (signed-in or key requests, mutations, errors, a PRIVATE
 * field). With APQ over GET, the public listing becomes CDN-cacheable.
 */
export function cacheControlPlugin<C extends { viewer: Viewer | null }>(): ApolloServerPlugin<C> {
  return {
    async requestDidStart() {
      return {
        async willSendResponse({ contextValue, operation, document, schema, request, response }) {
          const ok = response.body.kind === 'single' && !response.body.singleResult.errors?.length;
          const cacheable =
            ok &&
            !contextValue.viewer &&
            operation?.operation === 'query' &&
            document !== undefined &&
            isSharedCacheable(operationCachePolicy(schema, document, operation, request.variables));
          response.http.headers.set('cache-control', cacheable ? PUBLIC_CACHE_CONTROL : PRIVATE_CACHE_CONTROL);
        },
      };
    },
  };
}
