import type { ApolloClient, DocumentNode } from '@apollo/client';
import { CreatorPageDocument } from '../gql/graphql';

/** The queries a server may answer into a page (client/src/prerender/operations.ts prints them for the server). */
const DOCUMENTS: Record<string, DocumentNode> = { CreatorPage: CreatorPageDocument };

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
    const document = DOCUMENTS[/^\s*query\s+(\w+)/.exec(query)?.[1] ?? ''];
    if (!document) continue;
    try {
      client.writeQuery({ query: document, variables, data });
    } catch {
      // An answer the cache cannot take (a build older than the server's): the page asks instead.
    }
  }
}
