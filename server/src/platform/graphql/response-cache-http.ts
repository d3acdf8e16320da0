import type { RequestHandler, Response } from 'express';
import { acceptsJson, rawOperation, sendAnswer, type PersistedSource } from './before-apollo';
import { wantsFreshAnswer, type AnonymousResponseCache } from './response-cache';

export interface CachedAnswersOptions {
  /** Whether the request reached here without credentials (the request guard has identified it). */
  isAnonymous: (res: Response) => boolean;
  /** Whether its credentials failed (it gets its 401 from Apollo, never a cached answer). */
  hasCredentialError: (res: Response) => boolean;
  /** Counts an answer served here, as Apollo's metrics plugin would have. */
  onServed: (operationName: string | undefined, startedAt: number) => void;
  /** The texts of automatic persisted queries Apollo checked (before-apollo.ts persistedQueryTexts). */
  persistedSource: PersistedSource;
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
    const operation = rawOperation(req, opts.persistedSource);
    const body = operation && cache.servableBody(operation.operationName, operation.query, operation.variables);
    if (!body) return next();
    sendAnswer(res, body, opts.isAnonymous(res));
    opts.onServed(operation.operationName, startedAt);
  };
}
