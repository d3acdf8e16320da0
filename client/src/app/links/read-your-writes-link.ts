import { ApolloLink, Observable, type FetchResult } from '@apollo/client';
import { operationType } from './operation-type';

/**
 * Read your own writes. A query whose answer is still on its way when one of this tab's mutations
 * is answered may have been read by the server before that change; written to the cache after the
 * mutation's answer, it would undo on screen what the person just did (an offer they accepted
 * showing "Open" again, its Accept button back). Such a query is sent again and only the answer to
 * a request sent after the change is delivered (at most `maxRereads` times, then the last answer).
 * Subscriptions pass through; mutations are never sent twice.
 */
export function readYourWritesLink(maxRereads = 3): ApolloLink {
  /** Queries on their way; `overtaken` once a mutation was answered while they were. */
  const inFlight = new Set<{ overtaken: boolean }>();

  return new ApolloLink((operation, forward) => {
    const kind = operationType(operation);
    if (kind === 'mutation')
      return forward(operation).map((result) => {
        inFlight.forEach((read) => (read.overtaken = true));
        return result;
      });
    if (kind !== 'query') return forward(operation);

    return new Observable<FetchResult>((observer) => {
      let rereads = 0;
      let closed = false;
      let current: { unsubscribe(): void } | undefined;
      let read = { overtaken: false };
      const send = () => {
        if (closed) return;
        read = { overtaken: false };
        const mine = read;
        inFlight.add(mine);
        let superseded = false;
        current = forward(operation).subscribe({
          next: (result) => {
            if (superseded) return;
            if (mine.overtaken && rereads < maxRereads) {
              superseded = true;
              inFlight.delete(mine);
              rereads += 1;
              // (in a task of its own: this request's observer is still delivering)
              setTimeout(send, 0);
              return;
            }
            observer.next(result);
          },
          error: (error) => {
            if (superseded) return;
            inFlight.delete(mine);
            observer.error(error);
          },
          complete: () => {
            if (superseded) return;
            inFlight.delete(mine);
            observer.complete();
          },
        });
      };
      send();
      return () => {
        closed = true;
        inFlight.delete(read);
        current?.unsubscribe();
      };
    });
  });
}
