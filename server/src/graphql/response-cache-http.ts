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
 * Only the plainest requests are answered here: a full query text (no APQ extension to verify), at
 * most an operation name and variables, and a client that accepts `application/json`. Anything
 * else, every miss, and the first request to find an entry stale (it starts the refresh) go on to
 * Apollo, which keeps the cache; while that refresh runs, the stale answer is served here too, so
 * an expiry under load does not send every request through Apollo's pipeline at once.
 */
export function serveCachedAnswers(cache: AnonymousResponseCache, opts: CachedAnswersOptions): RequestHandler {
  return (req, res, next) => {
    const startedAt = performance.now();
    if (opts.hasCredentialError(res) || !acceptsJson(req.headers.accept) || wantsFreshAnswer(req.headers['cache-control'])) return next();
    const operation = req.method === 'POST' ? fromBody(req.body) : req.method === 'GET' ? fromSearch(req) : null;
    const body = operation && cache.servableBody(operation.operationName, operation.query, operation.variables);
    if (!body) return next();
    sendAnswer(res, body, opts.isAnonymous(res));
    opts.onServed(operation.operationName, startedAt);
  };
}


function fromBody(body: unknown): RawOperation | null {
  if (!isRecord(body) || 'extensions' in body || typeof body.query !== 'string') return null;
  const { operationName, variables } = body;
  if (operationName !== undefined && operationName !== null && typeof operationName !== 'string') return null;
  if (variables !== undefined && variables !== null && !isRecord(variables)) return null;
  return { query: body.query, operationName: operationName ?? undefined, variables: variables ?? undefined };
}

function fromSearch(req: Request): RawOperation | null {
  const params = new URLSearchParams(req.originalUrl.slice(req.originalUrl.indexOf('?') + 1));
  const once = (name: string) => {
    const values = params.getAll(name);
    return values.length <= 1 ? (values[0] ?? undefined) : null;
  };
  const query = once('query');
  const operationName = once('operationName');
  const variablesText = once('variables');
  if (!req.originalUrl.includes('?') || !query || operationName === null || variablesText === null || params.has('extensions')) return null;
  if (req.headers['content-type'] !== undefined) return null; // Apollo's own content-type rules apply
  let variables: unknown;
  try {
    variables = variablesText === undefined ? undefined : JSON.parse(variablesText);
  } catch {
    return null;
  }
  if (variables !== undefined && variables !== null && !isRecord(variables)) return null;
  return { query, operationName, variables: variables ?? undefined };
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
