import { ApolloClient, ApolloLink, InMemoryCache, Observable, gql } from '@apollo/client';
import { describe, expect, it } from 'vitest';
import { READ_AGAIN_ON_CHANGE } from '../read-again';

const COUNT = gql`
  query Count {
    count
  }
`;

/** A server whose state changes between two requests: each request answers with the state when it was sent. */
function server() {
  let state = 1;
  const pending: (() => void)[] = [];
  let requests = 0;
  const link = new ApolloLink(
    () =>
      new Observable((observer) => {
        requests += 1;
        const answer = state;
        pending.push(() => {
          observer.next({ data: { count: answer } });
          observer.complete();
        });
      }),
  );
  return {
    client: new ApolloClient({ link, cache: new InMemoryCache() }),
    change: (next: number) => (state = next),
    answerAll: () => pending.splice(0).forEach((answer) => answer()),
    requests: () => requests,
  };
}

describe('READ_AGAIN_ON_CHANGE', () => {
  it('a read asked for after a change is sent after it, though a read of the same query is still on its way', async () => {
    const s = server();
    const query = s.client.watchQuery({ query: COUNT, fetchPolicy: 'network-only', ...READ_AGAIN_ON_CHANGE });
    query.subscribe({ next: () => undefined });
    s.answerAll();
    await new Promise((r) => setTimeout(r, 0));
    const before = query.refetch(); // on its way when the change happens
    s.change(0);
    const after = query.refetch(); // asked for because of the change
    s.answerAll();
    await Promise.all([before, after]);
    expect(s.requests()).toBe(3);
    expect(query.getCurrentResult().data).toEqual({ count: 0 });
  });

  it("without it Apollo merges the second read into the first, and the change is not seen (why it exists)", async () => {
    const s = server();
    const query = s.client.watchQuery({ query: COUNT, fetchPolicy: 'network-only' });
    query.subscribe({ next: () => undefined });
    s.answerAll();
    await new Promise((r) => setTimeout(r, 0));
    const before = query.refetch();
    s.change(0);
    const after = query.refetch();
    s.answerAll();
    await Promise.all([before, after]);
    expect(s.requests()).toBe(2);
    expect(query.getCurrentResult().data).toEqual({ count: 1 });
  });
});
