import { Router, type NextFunction, type Request, type Response } from 'express';
import type { RequestContext } from '../../platform/request-context';
import { route } from '../../platform/rest/route';

/**
 * `GET /calendar/{secret}.ics`: the private feed (no sign-in: the secret is the key; an unknown or
 * replaced secret is 404). `GET /calendar-feed`, `POST /calendar-feed/regenerate`,
 * `PATCH /calendar-feed` ({ includeFreeHours }): the signed-in user's feed settings.
 */
export function calendarRoutes(): Router {
  const router = Router();
  router.get('/calendar/:file', (req: Request, res: Response, next: NextFunction) => {
    const file = String(req.params.file);
    if (!file.endsWith('.ics')) return next();
    const ctx = res.locals.ctx as RequestContext;
    ctx.services.calendar
      .feedBySecret(ctx, file.slice(0, -4))
      .then((ics) => {
        if (ics === null) return void res.status(404).json({ success: false, error: 'Calendar feed not found' });
        res.setHeader('Cache-Control', 'private, max-age=300');
        res.type('text/calendar; charset=utf-8').send(ics);
      })
      .catch(next);
  });
  router.get('/calendar-feed', route((ctx) => ctx.services.calendar.feed(ctx)));
  router.post('/calendar-feed/regenerate', route((ctx) => ctx.services.calendar.regenerate(ctx)));
  router.patch('/calendar-feed', route((ctx, req) => ctx.services.calendar.setIncludeFreeHours(ctx, req.body?.includeFreeHours)));
  return router;
}
