import type { Request, RequestHandler, Response } from 'express';
import { getOperationAST, parse } from 'graphql';
import type { Logger } from 'pino';
import type { Config } from '../platform/config';
import type { Orm } from '../platform/db/orm';
import { viewerFromAuthorization } from '../platform/auth/authenticate';
import type { SessionGuard } from '../platform/auth/sessions';
import type { TokenIssuer } from '../platform/auth/tokens';
import { looksLikeApiKey } from '../features/partners/api-key.secret';
import type { PartnersService } from '../features/partners/partners.service';
import { QUERY_LIMITS } from '../platform/graphql/limits';
import type { Clock } from '../platform/shared/clock';
import type { Viewer } from '../platform/shared/context';
import { DomainError } from '../platform/shared/errors';
import { rateLimitHeaders, type LimitRule, type RateLimitDecision, type RateLimitStore } from '../platform/security/rate-limits';

export interface RequestGuardDeps {
  config: Pick<Config, 'RATE_LIMIT_ENABLED' | 'RATE_LIMIT_ANON_PER_MINUTE' | 'RATE_LIMIT_KEY_PER_MINUTE'>;
  clock: Clock;
  tokens: TokenIssuer;
  orm: Orm;
  partners: PartnersService;
  limits: RateLimitStore;
  sessions: SessionGuard;
  logger: Logger;
}

type Transport = 'graphql' | 'rest';

/**
 * Who is calling, and how often: resolves the viewer once per HTTP request (a partner API key in
 * `x-api-key` or `Authorization: Bearer chk_…`, else a JWT, else anonymous) and applies the rate
 * limits: per key for partner keys, per IP for anonymous reads; signed-in users are not limited.
 */
export function createRequestGuard(deps: RequestGuardDeps) {
  /** Stores the viewer (or the credential error, raised when the request context is built). */
  const identify: RequestHandler = (req, res, next) => {
    resolveViewer(req).then(
      (viewer) => {
        res.locals.viewer = viewer;
        next();
      },
      (err: unknown) => {
        if (!(err instanceof DomainError)) return next(err);
        res.locals.viewer = null;
        res.locals.authError = err;
        next();
      },
    );
  };

  async function resolveViewer(req: Request): Promise<Viewer | null> {
    const apiKey = req.headers['x-api-key'];
    if (typeof apiKey === 'string' && apiKey !== '') return deps.partners.authenticate(deps.orm.em, apiKey.trim());
    const auth = req.headers.authorization;
    const bearer = typeof auth === 'string' ? /^Bearer\s+(\S+)$/i.exec(auth.trim())?.[1] : undefined;
    if (bearer && looksLikeApiKey(bearer)) return deps.partners.authenticate(deps.orm.em, bearer);
    const viewer = viewerFromAuthorization(auth, deps.tokens, deps.clock);
    await deps.sessions.assertActive(viewer);
    return viewer;
  }

  const rateLimit =
    (transport: Transport): RequestHandler =>
    (req, res, next) => {
      // Any cached answer must be keyed on the credentials as well as the URL.
      res.vary('Authorization');
      res.vary('X-Api-Key');
      const rule = deps.config.RATE_LIMIT_ENABLED ? ruleFor(req, res, transport) : null;
      if (!rule) return next();
      deps.limits.consume(rule.limit, rule.key).then(
        (decision) => {
          res.set(rateLimitHeaders(decision));
          if (decision.allowed) return next();
          refuse(res, transport, decision);
        },
        (err: unknown) => {
          // The counters live in the database: when it is down we serve (readiness reports it) rather than refuse everyone.
          deps.logger.warn({ err }, 'rate limit check failed; request allowed');
          next();
        },
      );
    };

  const perKey: LimitRule = { name: 'key', points: deps.config.RATE_LIMIT_KEY_PER_MINUTE, durationSeconds: 60 };
  const anonymous: LimitRule = { name: 'anon', points: deps.config.RATE_LIMIT_ANON_PER_MINUTE, durationSeconds: 60 };

  function ruleFor(req: Request, res: Response, transport: Transport): { limit: LimitRule; key: string } | null {
    const viewer = res.locals.viewer as Viewer | null | undefined;
    if (viewer?.partnerKeyId) return { limit: perKey, key: viewer.partnerKeyId };
    if (viewer) return null;
    if (!isRead(req, transport)) return null;
    return { limit: anonymous, key: req.ip ?? 'unknown' };
  }

  /** The request's viewer for the request context; throws the credential error (401) if there was one. */
  const viewerOf = (res: Response): Viewer | null => {
    if (res.locals.authError) throw res.locals.authError;
    return (res.locals.viewer as Viewer | null | undefined) ?? null;
  };

  /** Came without credentials (nor with ones that failed): what anybody may be shown. */
  const isAnonymous = (res: Response): boolean => !res.locals.authError && !res.locals.viewer;

  /** Came with credentials that failed (a bad key or token): answered 401, never from a cache. */
  const hasCredentialError = (res: Response): boolean => Boolean(res.locals.authError);

  return { identify, rateLimit, viewerOf, isAnonymous, hasCredentialError };
}

/** Reads: REST GETs, and GraphQL over GET or any POST that is not a mutation (unparsable ones count too). */
function isRead(req: Request, transport: Transport): boolean {
  if (req.method === 'GET' || req.method === 'HEAD') return true;
  if (transport === 'rest') return false;
  const body = req.body as { query?: unknown; operationName?: unknown } | undefined;
  if (typeof body?.query !== 'string') return true;
  try {
    const document = parse(body.query, { maxTokens: QUERY_LIMITS.maxTokens, noLocation: true });
    const operationName = typeof body.operationName === 'string' ? body.operationName : undefined;
    return getOperationAST(document, operationName)?.operation !== 'mutation';
  } catch {
    return true;
  }
}

function refuse(res: Response, transport: Transport, d: RateLimitDecision): void {
  const message = `Rate limit exceeded: ${d.limit} requests per minute. Try again in ${d.retryAfterSeconds} seconds.`;
  res.setHeader('Cache-Control', 'private, no-store');
  if (transport === 'rest') {
    res.status(429).json({ success: false, error: message, code: 'RATE_LIMITED' });
    return;
  }
  res.status(429).json({ errors: [{ message, extensions: { code: 'RATE_LIMITED', retryAfterSeconds: d.retryAfterSeconds } }] });
}
