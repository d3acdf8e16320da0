import { ApolloLink, Observable, execute, gql, toPromise, type FetchResult } from '@apollo/client';
import { describe, expect, it, vi } from 'vitest';
import { lazyLink } from '../links/lazy-link';

const ON_SLOTS = gql`
  subscription OnSlots {
    slotsChanged {
      id
    }
  }
`;
const event: FetchResult = { data: { slotsChanged: { id: 's1' } } };

/** A transport that counts the operations it was given and answers each with one event. */
function countingTransport() {
  const requests: string[] = [];
  const link = new ApolloLink((operation) => {
    requests.push(operation.operationName);
    return Observable.of(event);
  });
  return { link, requests };
}

describe('lazy link', () => {
  it('builds its transport once, on the first operation, and passes results through', async () => {
    const transport = countingTransport();
    const load = vi.fn(async () => transport.link);
    const link = lazyLink(load);
    expect(load).not.toHaveBeenCalled();

    const results = await Promise.all([
      toPromise(execute(link, { query: ON_SLOTS })),
      toPromise(execute(link, { query: ON_SLOTS })),
    ]);

    expect(results).toEqual([event, event]);
    expect(load).toHaveBeenCalledTimes(1);
    expect(transport.requests).toEqual(['OnSlots', 'OnSlots']);
  });

  it('never starts an operation that was unsubscribed while the transport was loading', async () => {
    const transport = countingTransport();
    let finishLoading!: (link: ApolloLink) => void;
    const link = lazyLink(() => new Promise<ApolloLink>((resolve) => (finishLoading = resolve)));

    const next = vi.fn();
    execute(link, { query: ON_SLOTS }).subscribe({ next }).unsubscribe();
    finishLoading(transport.link);
    await new Promise((resolve) => setTimeout(resolve, 0));

    expect(transport.requests).toEqual([]);
    expect(next).not.toHaveBeenCalled();
  });

  it('fails the operation when loading fails, and loads again for the next one', async () => {
    const transport = countingTransport();
    const load = vi.fn().mockRejectedValueOnce(new Error('chunk failed')).mockResolvedValueOnce(transport.link);
    const link = lazyLink(load);

    await expect(toPromise(execute(link, { query: ON_SLOTS }))).rejects.toThrow('chunk failed');
    await expect(toPromise(execute(link, { query: ON_SLOTS }))).resolves.toEqual(event);
    expect(load).toHaveBeenCalledTimes(2);
  });
});
