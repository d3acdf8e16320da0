import type { NextFunction, Request, RequestHandler, Response } from 'express';
import type { RequestContext } from '../request-context';
import { assertNoNul } from '../shared/validation';

/**
 * Adapts a handler `(ctx, req) => data` to express: the REST envelope
 * `{ success: true, data }` on success; errors go to the one REST error mapper. A NUL character
 * anywhere in the request's params, query or body is refused first, naming its field.
 */
export function route<T>(handler: (ctx: RequestContext, req: Request) => Promise<T> | T, status = 200): RequestHandler {
  return (req: Request, res: Response, next: NextFunction) => {
    Promise.resolve()
      .then(() => {
        for (const part of [req.params, req.query, req.body]) assertNoNul(part);
        return handler(res.locals.ctx as RequestContext, req);
      })
      .then((data) => res.status(status).json({ success: true, data }))
      .catch(next);
  };
}
