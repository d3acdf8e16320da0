import { Router, type Request } from 'express';
import { route } from '../../platform/rest/route';
import type { CalendarConnection } from './calendar-connection.entity';

const field = (req: Request, ...names: string[]): any => names.map((n) => req.body?.[n]).find((v) => v !== undefined);
const NAMES = { writeBack: 'write_back' } as const;

/** A connection as REST shows it (never the password). */
export const presentConnection = (c: CalendarConnection) => ({
  id: c.id,
  kind: c.kind,
  url: c.url,
  username: c.username ?? null,
  calendar: c.calendar ?? null,
  write_back: c.writeBack,
  last_synced_at: c.lastSyncedAt?.toISOString() ?? null,
  last_error: c.lastError ?? null,
  busy_count: c.busyCount,
  created_at: c.createdAt.toISOString(),
});

/** Issue 30's names: /calendar-connections. */
export function calendarSyncRoutes(): Router {
  const router = Router();
  router.get('/calendar-connections', route(async (ctx) => (await ctx.services.calendarSync.list(ctx)).map(presentConnection)));
  router.post('/calendar-connections', route(async (ctx, req) => presentConnection(await ctx.services.calendarSync.connect(ctx, {
    kind: field(req, 'kind'),
    url: field(req, 'url'),
    username: field(req, 'username'),
    password: field(req, 'password'),
    calendar: field(req, 'calendar'),
    writeBack: field(req, 'write_back', 'writeBack'),
  })), 201, NAMES));
  router.post('/calendar-connections/:id/sync', route(async (ctx, req) => presentConnection(await ctx.services.calendarSync.syncNow(ctx, String(req.params.id)))));
  router.delete('/calendar-connections/:id', route(async (ctx, req) => ({ deleted: await ctx.services.calendarSync.remove(ctx, String(req.params.id)) })));
  return router;
}
