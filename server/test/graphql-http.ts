import { ApolloServer } from '@apollo/server';
import { vi } from 'vitest';

/** A raw GraphQL-over-HTTP answer: status, the headers a client or CDN acts on, and the exact bytes. */
export interface RawAnswer {
  status: number;
  contentType: string | null;
  cacheControl: string | null;
  text: string;
}

const raw = async (res: Response): Promise<RawAnswer> => ({
  status: res.status,
  contentType: res.headers.get('content-type'),
  cacheControl: res.headers.get('cache-control'),
  text: await res.text(),
});

/** POSTs a GraphQL request body to `${baseUrl}/graphql`. */
export const postGraphql = async (baseUrl: string, body: unknown, headers: Record<string, string> = {}) =>
  raw(await fetch(`${baseUrl}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) }));

/** GETs `${baseUrl}/graphql` with these query parameters. */
export const getGraphql = async (baseUrl: string, params: Record<string, string>) => raw(await fetch(`${baseUrl}/graphql?${new URLSearchParams(params)}`));

/** How many requests reached Apollo's pipeline while `run` ran (the others were answered before it). */
export async function apolloRuns(run: () => Promise<unknown>): Promise<number> {
  const spy = vi.spyOn(ApolloServer.prototype, 'executeHTTPGraphQLRequest');
  try {
    await run();
    return spy.mock.calls.length;
  } finally {
    spy.mockRestore();
  }
}
