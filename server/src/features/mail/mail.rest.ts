import { Router } from 'express';
import { route } from '../../platform/rest/route';
import { unsubscribeRoutes } from './unsubscribe.http';

/** Notification preferences over REST: `GET` and `PATCH /notification-preferences` ({ kinds: [{ kind, emailEnabled }], timeZone }). */
export function mailRoutes(): Router {
  const router = Router();
  router.get('/notification-preferences', route((ctx) => ctx.services.mailPreferences.get(ctx)));
  router.patch('/notification-preferences', route((ctx, req) => ctx.services.mailPreferences.update(ctx, req.body ?? {})));
  router.use(unsubscribeRoutes());
  return router;
}
