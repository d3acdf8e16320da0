import { ApolloLink, Observable, type FetchResult } from '@apollo/client';
import type { GraphQLFormattedError } from 'graphql';

export interface TokenRefreshLinkOptions {
  /** Gets a fresh access token (deduplicated by the caller); rejects when the session is gone. */
  refresh: () => Promise<string>;
  /** Called when a refresh fails: clear the session and send the user to sign in. */
  onRefreshFailed: (error: unknown) => void;
  /** Operations whose UNAUTHENTICATED answer is final (a wrong password is not an expired session). */
  skipOperations: ReadonlySet<string>;
}

const isUnauthenticated = (errors: ReadonlyArray<GraphQLFormattedError> | undefined) =>
  errors?.some((error) => error.extensions?.code === 'UNAUTHENTICATED') ?? false;

const isHttp401 = (error: unknown) =>
  typeof error === 'object' && error !== null && (error as { statusCode?: number }).statusCode === 401;

/** A subscription refused over the WebSocket (its token expired while the socket stayed open). */
const isRefusedAsUnauthenticated = (error: unknown) =>
  typeof error === 'object' &&
  error !== null &&
  isUnauthenticated((error as { graphQLErrors?: ReadonlyArray<GraphQLFormattedError> }).graphQLErrors);

/**
 * On a 401 or an UNAUTHENTICATED GraphQL error (in a result, or as the error of a subscription the
 * server refused): refresh the tokens once and replay the operation with the new token. If the
 * replay fails too, that failure is passed through.
 */
export function createTokenRefreshLink({ refresh, onRefreshFailed, skipOperations }: TokenRefreshLinkOptions) {
  return new ApolloLink((operation, forward) => {
    if (skipOperations.has(operation.operationName)) return forward(operation);

    return new Observable<FetchResult>((observer) => {
      let current: { unsubscribe(): void } | undefined;
      let generation = 0; // events of a superseded attempt are ignored
      let retried = false;
      let closed = false;

      const retryWithFreshToken = (giveUp: () => void) => {
        retried = true;
        generation += 1;
        current?.unsubscribe();
        refresh().then(
          (accessToken) => {
            if (closed) return;
            operation.setContext(({ headers = {} }: { headers?: Record<string, string> }) => ({
              headers: { ...headers, authorization: `Bearer ${accessToken}` },
            }));
            run();
          },
          (error: unknown) => {
            onRefreshFailed(error);
            if (!closed) giveUp();
          },
        );
      };

      const run = () => {
        generation += 1;
        const mine = generation;
        current = forward(operation).subscribe({
          next: (result) => {
            if (mine !== generation) return;
            if (!retried && isUnauthenticated(result.errors)) {
              retryWithFreshToken(() => {
                observer.next(result);
                observer.complete();
              });
              return;
            }
            observer.next(result);
          },
          error: (error: unknown) => {
            if (mine !== generation) return;
            if (!retried && (isHttp401(error) || isRefusedAsUnauthenticated(error))) {
              retryWithFreshToken(() => observer.error(error));
              return;
            }
            observer.error(error);
          },
          complete: () => {
            if (mine === generation) observer.complete();
          },
        });
      };

      run();
      return () => {
        closed = true;
        current?.unsubscribe();
      };
    });
  });
}
