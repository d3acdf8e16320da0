import express, { Router } from 'express';
import type { Logger } from 'pino';
import { authRoutes } from '../features/auth/auth.rest';
import { restErrorHandler, restNotFound } from './errors';

/** Mounts each feature's routes under /api/v1 with one JSON parser and one error mapper. */
export function restRouter(logger: Logger): Router {
  const r = Router();
  r.use(express.json({ limit: '100kb' }));
  r.use(authRoutes());
  r.use(restNotFound);
  r.use(restErrorHandler(logger));
  return r;
}
