import express, { Router } from 'express';
import type { Logger } from 'pino';
import { modules } from './modules';
import { restErrorHandler, restNotFound, type ErrorHandlerHooks } from '../platform/rest/errors';

/** Mounts each module's routes under /api/v1 with one JSON parser and one error mapper. */
export function restRouter(logger: Logger, hooks: ErrorHandlerHooks = {}): Router {
  const router = Router();
  // Before the JSON parser: e.g. Stripe signs the raw bytes of the webhook body.
  for (const m of modules) if (m.rawBodyRoutes) router.use(m.rawBodyRoutes());
  router.use(express.json({ limit: '100kb' }));
  for (const m of modules) if (m.routes) router.use(m.routes());
  router.use(restNotFound);
  router.use(restErrorHandler(logger, hooks));
  return router;
}
