import { Router } from 'express';
import { route } from '../../platform/rest/route';
import type { NotificationView } from './notifications.service';

/** A notification as the REST facade shows it (snake_case, as the issue's §5 writes it). */
const presentNotification = (n: NotificationView) => ({
  id: n.id,
  type: n.type,
  text: n.text,
  read_at: n.readAt,
  booking_id: n.bookingId,
  conversation_id: n.conversationId,
  booking_start_time: n.bookingStartTime,
  booking_end_time: n.bookingEndTime,
  payload: n.payload,
  created_at: n.createdAt,
});

/** The notification inbox over REST: newest first; `?limit=&after=` pages. */
export function notificationsRoutes(): Router {
  const router = Router();
  router.get(
    '/notifications',
    route(async (ctx, req) => {
      const { limit, after, unread } = req.query;
      const page = await ctx.services.notifications.list(ctx, { first: limit ?? 20, after, unreadOnly: unread === 'true' || unread === '1' });
      return page.edges.map((e) => presentNotification(e.node));
    }),
  );
  router.get('/notifications/unread-count', route(async (ctx) => ({ count: await ctx.services.notifications.unreadCount(ctx) })));
  router.post('/notifications/read', route(async (ctx, req) => ({ unread_count: await ctx.services.notifications.markRead(ctx, req.body ?? {}) })));
  return router;
}
