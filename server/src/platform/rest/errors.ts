import type { ErrorRequestHandler, RequestHandler } from 'express';
import type { Logger } from 'pino';
import { asUnavailable, type ErrorHandlerHooks } from '../db/availability';
import { DomainError, isInvalidDataError } from '../shared/errors';

export type { ErrorHandlerHooks } from '../db/availability';

/** Unknown /api/v1 routes answer 404 JSON. */
export const restNotFound: RequestHandler = (req, res) => {
  res.status(404).json({ success: false, error: `No route ${req.method} ${req.path}`, code: 'NOT_FOUND' });
};

/** The one mapping from errors to REST statuses; unknown errors are logged and masked. */
export function restErrorHandler(logger: Logger, hooks: ErrorHandlerHooks = {}): ErrorRequestHandler {
  return (caught, _req, res, _next) => {
    const err = asUnavailable(caught, hooks.onDatabaseUnavailable);
    if (err instanceof DomainError) {
      if (err.retryAfterSeconds !== undefined) res.setHeader('Retry-After', String(err.retryAfterSeconds));
      res.status(err.httpStatus).json({
        success: false,
        error: err.message,
        code: err.code,
        ...(err.field ? { field: err.field } : {}),
        ...(err.retryAfterSeconds !== undefined ? { retry_after: err.retryAfterSeconds } : {}),
      });
      return;
    }
    const type = (err as { type?: string })?.type;
    if (type === 'entity.parse.failed') {
      res.status(400).json({ success: false, error: 'Malformed JSON body', code: 'BAD_USER_INPUT' });
      return;
    }
    if (type === 'entity.too.large') {
      res.status(413).json({ success: false, error: 'Request body too large', code: 'PAYLOAD_TOO_LARGE' });
      return;
    }
    if (type === 'encoding.unsupported' || type === 'charset.unsupported') {
      res.status(415).json({ success: false, error: 'Unsupported body encoding', code: 'BAD_USER_INPUT' });
      return;
    }
    if (isInvalidDataError(err)) {
      logger.warn({ err }, 'input refused by the database (missing validation?)');
      res.status(400).json({ success: false, error: 'Invalid input', code: 'BAD_USER_INPUT' });
      return;
    }
    const refused = clientError(err);
    if (refused) {
      res.status(refused.status).json({ success: false, error: refused.message, code: 'BAD_USER_INPUT' });
      return;
    }
    logger.error({ err }, 'unexpected REST error');
    res.status(500).json({ success: false, error: 'Internal server error', code: 'INTERNAL_SERVER_ERROR' });
  };
}

/** Transport-level failures outside REST (body parsing on /graphql): GraphQL-shaped JSON errors. */
export function graphqlTransportErrorHandler(logger: Logger, hooks: ErrorHandlerHooks = {}): ErrorRequestHandler {
  return (caught, _req, res, next) => {
    if (res.headersSent) return next(caught);
    const err = asUnavailable(caught, hooks.onDatabaseUnavailable);
    if (err instanceof DomainError) {
      // Raised before GraphQL ran (identifying the caller, or the database is down): the GraphQL error shape.
      if (err.retryAfterSeconds !== undefined) res.setHeader('Retry-After', String(err.retryAfterSeconds));
      const extensions = { code: err.code, ...(err.retryAfterSeconds !== undefined ? { retryAfterSeconds: err.retryAfterSeconds } : {}) };
      res.status(err.httpStatus).json({ errors: [{ message: err.message, extensions }] });
      return;
    }
    const type = (err as { type?: string })?.type;
    const [status, message, code] =
      type === 'entity.parse.failed' ? [400, 'Malformed JSON body', 'BAD_REQUEST']
      : type === 'entity.too.large' ? [413, 'Request body too large (limit 100 KB)', 'PAYLOAD_TOO_LARGE']
      : type === 'encoding.unsupported' || type === 'charset.unsupported' ? [415, 'Unsupported body encoding', 'BAD_REQUEST']
      : clientError(err) ? [clientError(err)!.status, clientError(err)!.message, 'BAD_REQUEST']
      : [500, 'Internal server error', 'INTERNAL_SERVER_ERROR'];
    if (status === 500) logger.error({ err }, 'unexpected transport error');
    res.status(status).json({ errors: [{ message, extensions: { code } }] });
  };
}

/**
 * A 4xx that express or a body parser raised about the request itself (e.g. a malformed %-escape in
 * the path), with a message that says what was wrong (express's own, when it is meant for clients).
 */
function clientError(err: unknown): { status: number; message: string } | undefined {
  const e = err as { status?: unknown; statusCode?: unknown; expose?: unknown; message?: unknown } | null;
  const status = Number(e?.status ?? e?.statusCode);
  const fromClient = e?.expose === true || err instanceof URIError; // express marks undecodable params 400
  if (!fromClient || !(status >= 400 && status < 500)) return undefined;
  const own = typeof e?.message === 'string' && e.expose === true ? e.message.slice(0, 200) : '';
  return { status, message: own && !/^Bad Request$/i.test(own) ? own : 'The URL is not valid: it holds a malformed %-escape' };
}
