import type { Request, RequestHandler, Response } from 'express';
import { acceptsJson, sendAnswer } from './before-apollo';
import { wantsFreshAnswer, type AnonymousResponseCache } from './response-cache';

export interface CachedAnswersOptions {
  /** Whether the request reached here without credentials (the request guard has identified it). */
  isAnonymous: (res: Response) => boolean;
  /** Whether its credentials failed (it gets its 401 from Apollo, never a cached answer). */
  hasCredentialError: (res: Response) => boolean;
  /** Counts an answer served here, as Apollo's metrics plugin would have. */
  onServed: (operationName: string | undefined, startedAt: number) => void;
}

interface RawOperation {
  query: string;
  operationName: string | undefined;
  variables: unknown;
}

/**
 * Answers a repeated public read (the partner listing, a creator page) from the response cache
 * before Apollo's pipeline (request parsing, document lookup, validation, plugins), which is most
 * of what a cache hit costs: anonymous, signed-in and API-key requests alike (the answer does not
 * depend on who asks; Cache-Control is `private` for the latter two). Runs after the request guard
 * and the rate limit, so keys are checked and limits count these requests too.
 *
 * Only the plainest requests are answered here: a full query text, or an automatic persisted
 * query's hash whose text Apollo registered and this cache kept an answer for (response-cache.ts),
 * at most an operation name and variables, and a client that accepts `application/json`. Anything
 * else, every miss, and the first request to find an entry stale (it starts the refresh) go on to
 * Apollo, which keeps the cache; while that refresh runs, the stale answer is served here too, so
 * an expiry under load does not send every request through Apollo's pipeline at once.
 */
export function serveCachedAnswers(cache: AnonymousResponseCache, opts: CachedAnswersOptions): RequestHandler {
  return (req, res, next) => {
    const startedAt = performance.now();
    if (opts.hasCredentialError(res) || !acceptsJson(req.headers.accept) || wantsFreshAnswer(req.headers['cache-control'])) return next();
    const operation = req.method === 'POST' ? fromBody(req.body, cache) : req.method === 'GET' ? fromSearch(req, cache) : null;
    const body = operation && cache.servableBody(operation.operationName, operation.query, operation.variables);
    if (!body) return next();
    sendAnswer(res, body, opts.isAnonymous(res));
    opts.onServed(operation.operationName, startedAt);
  };
}


function fromBody(body: unknown, cache: AnonymousResponseCache): RawOperation | null {
  if (!isRecord(body)) return null;
  const query = queryText(body.query, body.extensions, cache);
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
function queryText(query: unknown, extensions: unknown, cache: AnonymousResponseCache): string | null {
  if (extensions === undefined) return typeof query === 'string' ? query : null;
  if (!isRecord(extensions) || Object.keys(extensions).length !== 1 || !isRecord(extensions.persistedQuery)) return null;
  const { version, sha256Hash } = extensions.persistedQuery;
  if (version !== 1 || typeof sha256Hash !== 'string') return null;
  const registered = cache.persistedSource(sha256Hash);
  if (registered === undefined || (query !== undefined && query !== registered)) return null;
  return registered;
}

function fromSearch(req: Request, cache: AnonymousResponseCache): RawOperation | null {
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
  const query = queryText(sentQuery, extensions, cache);
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
