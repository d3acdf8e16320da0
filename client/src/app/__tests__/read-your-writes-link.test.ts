import { ApolloClient, ApolloLink, InMemoryCache, Observable, from, gql } from '@apollo/client';
import { describe, expect, it } from 'vitest';
import { readYourWritesLink } from '../links/read-your-writes-link';

const OFFER = gql`
  query Offer {
    offer(id: "o1") {
      id
      status
    }
  }
`;
const ACCEPT = gql`
  mutation Accept {
    acceptOffer(id: "o1") {
      id
      status
    }
  }
`;

/**
 * A server that reads its state when a request arrives and answers when told to: a query read
 * before a mutation can be answered after it, as on a real network.
 */
function server() {
  let status = 'PENDING';
  const waiting: { operation: string; answer: () => void }[] = [];
  const sent: string[] = [];
  const link = new ApolloLink(
    (operation) =>
      new Observable((observer) => {
        sent.push(operation.operationName);
        if (operation.operationName === 'Accept') status = 'ACCEPTED';
        const data = operation.operationName === 'Accept' ? { acceptOffer: { __typename: 'Offer', id: 'o1', status } } : { offer: { __typename: 'Offer', id: 'o1', status } };
        waiting.push({
          operation: operation.operationName,
          answer: () => {
            observer.next({ data });
            observer.complete();
          },
        });
      }),
  );
  const answer = async (operation: string) => {
    const i = waiting.findIndex((w) => w.operation === operation);
    waiting.splice(i, 1)[0]!.answer();
    await new Promise((r) => setTimeout(r, 5));
  };
  return { link, answer, sent, pending: () => waiting.map((w) => w.operation) };
}

const statusIn = (client: ApolloClient<unknown>) => client.cache.readFragment<{ status: string }>({ id: 'Offer:o1', fragment: gql`fragment S on Offer { status }` })?.status;

describe('readYourWritesLink', () => {
  it('a query read before the viewer accepted, answered after the accept, is read again: the offer stays accepted', async () => {
    const s = server();
    const client = new ApolloClient({ link: from([readYourWritesLink(), s.link]), cache: new InMemoryCache() });
    const refresh = client.query({ query: OFFER, fetchPolicy: 'network-only' }); // read while PENDING
    const accept = client.mutate({ mutation: ACCEPT });
    await s.answer('Accept');
    await accept;
    expect(statusIn(client)).toBe('ACCEPTED');
    await s.answer('Offer'); // the old read arrives: not delivered, sent again
    expect(s.pending()).toEqual(['Offer']);
    expect(statusIn(client)).toBe('ACCEPTED');
    await s.answer('Offer');
    expect((await refresh).data.offer.status).toBe('ACCEPTED');
    expect(statusIn(client)).toBe('ACCEPTED');
    expect(s.sent).toEqual(['Offer', 'Accept', 'Offer']);
  });

  it('without it the old read undoes the accept on screen (why it exists)', async () => {
    const s = server();
    const client = new ApolloClient({ link: s.link, cache: new InMemoryCache() });
    const refresh = client.query({ query: OFFER, fetchPolicy: 'network-only' });
    const accept = client.mutate({ mutation: ACCEPT });
    await s.answer('Accept');
    await accept;
    await s.answer('Offer');
    await refresh;
    expect(statusIn(client)).toBe('PENDING');
  });

  it('a query answered before the mutation, or sent after its answer, goes out once', async () => {
    const s = server();
    const client = new ApolloClient({ link: from([readYourWritesLink(), s.link]), cache: new InMemoryCache() });
    const first = client.query({ query: OFFER, fetchPolicy: 'network-only' });
    await s.answer('Offer');
    await first;
    const accept = client.mutate({ mutation: ACCEPT });
    await s.answer('Accept');
    await accept;
    const after = client.query({ query: OFFER, fetchPolicy: 'network-only' });
    await s.answer('Offer');
    expect((await after).data.offer.status).toBe('ACCEPTED');
    expect(s.sent).toEqual(['Offer', 'Accept', 'Offer']);
  });
});
