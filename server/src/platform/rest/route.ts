import type { NextFunction, Request, RequestHandler, Response } from 'express';
import type { RequestContext } from '../request-context';
import { DomainError } from '../shared/errors';
import { assertNoNul } from '../shared/validation';

/**
 * The spec's REST names for fields the services call by their code name (e.g. the spec's
 * `streamerId` is the services' `creatorId`), so a REST client's error names the field it sent.
 */
export type RestFieldNames = Readonly<Record<string, string>>;

/**
 * Adapts a handler `(ctx, req) => data` to express: the REST envelope
 * `{ success: true, data }` on success; errors go to the one REST error mapper. A NUL character
 * anywhere in the request's params, query or body is refused first, naming its field. An error
 * naming a field of `fieldNames` is told with the REST name instead.
 */
export function route<T>(handler: (ctx: RequestContext, req: Request) => Promise<T> | T, status = 200, fieldNames?: RestFieldNames): RequestHandler {
  return (req: Request, res: Response, next: NextFunction) => {
    Promise.resolve()
      .then(() => {
        for (const part of [req.params, req.query, req.body]) assertNoNul(part);
        return handler(res.locals.ctx as RequestContext, req);
      })
      .then((data) => res.status(status).json({ success: true, data }))
      .catch((err: unknown) => next(fieldNames ? withRestName(err, fieldNames) : err));
  };
}

function withRestName(err: unknown, names: RestFieldNames): unknown {
  if (!(err instanceof DomainError) || !err.field || !Object.hasOwn(names, err.field)) return err;
  const restName = names[err.field];
  const message = err.message.replace(new RegExp(`\\b${err.field}\\b`, 'g'), restName);
  return new DomainError(err.code, message, restName, err.retryAfterSeconds);
}
