import type { ApolloServerPlugin } from '@apollo/server';
import type { Request, Response } from 'express';
import { PRIVATE_CACHE_CONTROL, PUBLIC_CACHE_CONTROL } from '../security/cache-control';

/** What the answers written before Apollo share (response-cache hits, compiled reads). */

/** A client that takes `application/json` (Apollo may choose application/graphql-response+json otherwise: then let it). */
export function acceptsJson(accept: string | undefined): boolean {
  if (!accept) return true;
  // Apollo may choose application/graphql-response+json for these: let it.
  if (accept.includes('graphql-response+json')) return false;
  return /application\/json|application\/\*|\*\/\*/.test(accept);
}

/**
 * Writes an error-free query answer (its JSON text) as Apollo would: 200, JSON, and what
 * cacheControlPlugin sends: public for anonymous reads, private with credentials.
 */
export function sendAnswer(res: Response, body: string, anonymous: boolean): void {
  res.status(200);
  res.setHeader('content-type', 'application/json; charset=utf-8');
  res.setHeader('cache-control', anonymous ? PUBLIC_CACHE_CONTROL : PRIVATE_CACHE_CONTROL);
  res.end(body);
}

/** A GraphQL request's operation as sent: its text, operation name and variables (not parsed). */
export interface RawOperation {
  query: string;
  operationName: string | undefined;
  variables: unknown;
}

/** The text registered for an automatic persisted query's hash, if known. */
export type PersistedSource = (sha256Hash: string) => string | undefined;

/**
 * Automatic persisted queries' texts by hash, as Apollo checked them (a hash sent with its text is
 * verified before the source resolves; a hash alone resolves only to the text Apollo registered):
 * one registry for every answer written before Apollo (response-cache hits, compiled reads), which
 * each look the text up in what they keep. Bounded; a hash names one text forever.
 */
export function persistedQueryTexts(maxEntries: number): { plugin: ApolloServerPlugin<object>; source: PersistedSource } {
  const texts = new Map<string, string>();
  return {
    source: (sha256Hash) => texts.get(sha256Hash),
    plugin: {
      async requestDidStart() {
        return {
          async didResolveSource({ request, queryHash, source }) {
            if (!request.extensions?.persistedQuery || !queryHash || texts.has(queryHash)) return;
            texts.set(queryHash, source);
            if (texts.size > maxEntries) texts.delete(texts.keys().next().value!);
          },
        };
      },
    },
  };
}

/**
 * The operation of a plain GraphQL-over-HTTP request, for the answers written before Apollo: a POST
 * body or GET parameters with a query text (or an automatic persisted query's hash whose text
 * `persistedSource` knows), at most an operation name and variables. Null for anything Apollo must
 * see: another method or extension, a malformed field, an unknown hash or a text not matching it.
 */
export function rawOperation(req: Request, persistedSource: PersistedSource): RawOperation | null {
  if (req.method === 'POST') return fromBody(req.body, persistedSource);
  if (req.method === 'GET') return fromSearch(req, persistedSource);
  return null;
}

function fromBody(body: unknown, persistedSource: PersistedSource): RawOperation | null {
  if (!isRecord(body)) return null;
  const query = queryText(body.query, body.extensions, persistedSource);
  const { operationName, variables } = body;
  if (query === null) return null;
  if (operationName !== undefined && operationName !== null && typeof operationName !== 'string') return null;
  if (variables !== undefined && variables !== null && !isRecord(variables)) return null;
  return { query, operationName: operationName ?? undefined, variables: variables ?? undefined };
}

/**
 * The operation's text: the query sent, or for an automatic persisted query (only the extension
 * `{ persistedQuery: { version: 1, sha256Hash } }`) the text registered with that hash, provided any
 * text sent with it is that one. Null when Apollo must see the request (other extensions, a hash
 * not registered here, a text that does not match its hash: Apollo answers those errors).
 */
function queryText(query: unknown, extensions: unknown, persistedSource: PersistedSource): string | null {
  if (extensions === undefined) return typeof query === 'string' ? query : null;
  if (!isRecord(extensions) || Object.keys(extensions).length !== 1 || !isRecord(extensions.persistedQuery)) return null;
  const { version, sha256Hash } = extensions.persistedQuery;
  if (version !== 1 || typeof sha256Hash !== 'string') return null;
  const registered = persistedSource(sha256Hash);
  if (registered === undefined || (query !== undefined && query !== registered)) return null;
  return registered;
}

function fromSearch(req: Request, persistedSource: PersistedSource): RawOperation | null {
  const params = new URLSearchParams(req.originalUrl.slice(req.originalUrl.indexOf('?') + 1));
  const once = (name: string) => {
    const values = params.getAll(name);
    return values.length <= 1 ? (values[0] ?? undefined) : null;
  };
  const sentQuery = once('query');
  const operationName = once('operationName');
  const variablesText = once('variables');
  const extensionsText = once('extensions');
  if (!req.originalUrl.includes('?') || sentQuery === null || sentQuery === '' || operationName === null || variablesText === null || extensionsText === null) return null;
  if (req.headers['content-type'] !== undefined) return null; // Apollo's own content-type rules apply
  const variables = parsedJson(variablesText);
  const extensions = parsedJson(extensionsText);
  if (variables === null || extensions === null) return null;
  if (variables !== undefined && !isRecord(variables)) return null;
  const query = queryText(sentQuery, extensions, persistedSource);
  return query === null ? null : { query, operationName, variables };
}

/** A JSON parameter's value: undefined when absent (or JSON null), null when it is not JSON. */
function parsedJson(text: string | undefined): unknown {
  if (text === undefined) return undefined;
  try {
    return JSON.parse(text) ?? undefined;
  } catch {
    return null;
  }
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
