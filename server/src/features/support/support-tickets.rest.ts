import { Router } from 'express';
import { route } from '../../platform/rest/route';
import type { SupportTicketView } from './support-tickets';

const presentTicket = (t: SupportTicketView) => ({
  id: t.id,
  reference: t.reference,
  name: t.name,
  email: t.email,
  subject: t.subject,
  category: t.category,
  message: t.message,
  user_id: t.userId,
  status: t.status,
  created_at: t.createdAt,
  closed_at: t.closedAt,
});

/** The contact form (`POST /contact`, anyone) and support's tickets (`/support/tickets`, support staff). */
export function supportTicketRoutes(): Router {
  const router = Router();
  router.post(
    '/contact',
    route(async (ctx, req) => {
      const ticket = await ctx.services.supportTickets.create(ctx, req.body ?? {});
      return { reference: ticket.reference, email: ticket.email };
    }, 201),
  );
  router.get(
    '/support/tickets',
    route(async (ctx, req) => (await ctx.services.supportTickets.list(ctx, { status: req.query.status, first: req.query.limit })).map(presentTicket)),
  );
  router.get('/support/tickets/:id', route(async (ctx, req) => presentTicket(await ctx.services.supportTickets.get(ctx, req.params.id))));
  router.post(
    '/support/tickets/:id/status',
    route(async (ctx, req) => presentTicket(await ctx.services.supportTickets.setStatus(ctx, { ticketId: req.params.id, status: req.body?.status }))),
  );
  return router;
}
