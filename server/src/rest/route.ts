import type { NextFunction, Request, RequestHandler, Response } from 'express';
import type { RequestContext } from '../request-context';

/**
 * Adapts a handler `(ctx, req) => data` to express: the REST envelope
 * `{ success: true, data }` on success; errors go to the one REST error mapper.
 */
export function route<T>(handler: (ctx: RequestContext, req: Request) => Promise<T> | T, status = 200): RequestHandler {
  return (req: Request, res: Response, next: NextFunction) => {
    Promise.resolve()
      .then(() => handler(res.locals.ctx as RequestContext, req))
      .then((data) => res.status(status).json({ success: true, data }))
      .catch(next);
  };
}
