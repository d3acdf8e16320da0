import { ApolloLink, Observable, type FetchResult } from '@apollo/client';

/**
 * A terminating link built on its first request by `load` (e.g. after a dynamic import, so its
 * code is not part of the first script). Concurrent first requests share one load; a failed load
 * fails those requests and the next request tries again.
 */
export function lazyLink(load: () => Promise<ApolloLink>): ApolloLink {
  let loading: Promise<ApolloLink> | undefined;
  const loaded = () =>
    (loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    }));

  return new ApolloLink(
    (operation) =>
      new Observable<FetchResult>((observer) => {
        let subscription: { unsubscribe(): void } | undefined;
        let closed = false;
        loaded().then(
          (link) => {
            if (closed) return;
            const results = link.request(operation);
            if (!results) {
              observer.complete();
              return;
            }
            subscription = results.subscribe(observer);
          },
          (error: unknown) => {
            if (!closed) observer.error(error);
          },
        );
        return () => {
          closed = true;
          subscription?.unsubscribe();
        };
      }),
  );
}
