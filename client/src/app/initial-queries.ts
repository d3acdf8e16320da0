import type { ApolloClient, DocumentNode, WatchQueryFetchPolicy } from '@apollo/client';
import { useEffect, useState } from 'react';
import { CreatorPackagesDocument, CreatorPageDocument, SchedulingSettingsDocument } from '../gql/graphql';

/** The queries a server may answer into a page (client/src/prerender/operations.ts prints them for the server). */
const DOCUMENTS: Record<string, DocumentNode> = {
  CreatorPage: CreatorPageDocument,
  SchedulingSettings: SchedulingSettingsDocument,
  CreatorPackages: CreatorPackagesDocument,
};

/** The data block the server writes into a page (server/src/platform/http/page-meta.ts, INITIAL_QUERIES_ID). */
const INITIAL_QUERIES_ID = 'initial-queries';

interface InitialQuery {
  query: string;
  variables: Record<string, unknown>;
  data: Record<string, unknown>;
}

/**
 * Writes the answers the server embedded in the page (a creator page's first query) into the
 * cache, so the page's own query finds them there and paints without asking. Read once: later
 * pages of the session ask as usual.
 */
/** The answers written into this page's cache by the server, by operation name and variables, until a page takes one. */
const seeded = new Set<string>();
const seedKey = (name: string, variables: Record<string, unknown> | undefined) =>
  `${name}:${JSON.stringify(Object.fromEntries(Object.entries(variables ?? {}).sort(([a], [b]) => a.localeCompare(b))))}`;

/**
 * The fetch policy for a page's query that the server may have answered into the page: the cache
 * alone when it did (that answer is fresh), else the cache and the network. Once per answer: the
 * page that first asks takes it, any later visit asks again. It is taken when the page has mounted,
 * not while it renders: React may render a page more than once before showing it (a render that an
 * update interrupts starts over), and a render started over must still find the answer.
 */
export function useSeededFetchPolicy(name: string, variables: Record<string, unknown>): WatchQueryFetchPolicy {
  const [key] = useState(() => seedKey(name, variables));
  const [answered] = useState(() => seeded.has(key));
  useEffect(() => {
    if (answered) seeded.delete(key);
  }, [answered, key]);
  return answered ? 'cache-first' : 'cache-and-network';
}

export function seedInitialQueries(client: ApolloClient<unknown>, doc: Document | undefined = globalThis.document): void {
  const element = doc?.getElementById(INITIAL_QUERIES_ID);
  if (!element) return;
  element.remove();
  let queries: InitialQuery[];
  try {
    queries = JSON.parse(element.textContent ?? '[]') as InitialQuery[];
  } catch {
    return;
  }
  for (const { query, variables, data } of queries) {
    const name = /^\s*query\s+(\w+)/.exec(query)?.[1] ?? '';
    const document = DOCUMENTS[name];
    if (!document) continue;
    try {
      client.writeQuery({ query: document, variables, data });
      seeded.add(seedKey(name, variables));
    } catch {
      // An answer the cache cannot take (a build older than the server's): the page asks instead.
    }
  }
}
