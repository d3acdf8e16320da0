import { Router } from 'express';
import { route } from '../../platform/rest/route';

/** `GET|POST /testing/clock` (only with ENABLE_TEST_CLOCK; otherwise 404). */
export function testClockRoutes(): Router {
  const router = Router();
  router.get('/testing/clock', route((ctx) => ctx.services.testClock.now(ctx)));
  router.post('/testing/clock', route((ctx, req) => ctx.services.testClock.move(ctx, req.body ?? {})));
  return router;
}
