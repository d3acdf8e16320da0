import { Router, type Request } from 'express';
import type { RequestContext } from '../../platform/request-context';
import { route } from '../../platform/rest/route';
import { presentCheckout } from '../bookings';
import { OFFER_LIMITS } from './offers.inputs';
import type { AcceptOfferResult, OfferView } from './offers.service';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** An offer over REST (snake_case, cents). */
export const presentOffer = (o: OfferView) => ({
  id: o.id,
  conversation_id: o.conversationId,
  root_id: o.rootId,
  version: o.version,
  status: o.status,
  sender_user_id: o.senderUserId,
  sender_role: o.senderRole,
  recipient_user_id: o.recipientUserId,
  items: o.items.map((i) => ({ label: i.label, quantity: i.quantity, unit_price_cents: i.unitPriceCents, total_cents: i.totalCents })),
  total_cents: o.totalCents,
  start_time: iso(o.startTime),
  end_time: iso(o.endTime),
  due_at: iso(o.dueAt),
  expires_at: o.expiresAt.toISOString(),
  revisions_included: o.revisionsIncluded,
  note: o.note,
  booking_id: o.bookingId,
  responded_at: iso(o.respondedAt),
  created_at: o.createdAt.toISOString(),
  available_actions: o.availableActions,
});

/** The spec's body `{ items: [{ label, quantity, unit_price_cents }], start_time?, end_time?, due_at?, expires_at? }` as the service's terms. */
function termsOf(body: unknown): Record<string, unknown> {
  const b = (body && typeof body === 'object' ? body : {}) as Record<string, unknown>;
  const items = Array.isArray(b.items)
    ? b.items.map((i) => (i && typeof i === 'object' ? { label: (i as Record<string, unknown>).label, quantity: (i as Record<string, unknown>).quantity, unitPriceCents: (i as Record<string, unknown>).unit_price_cents } : i))
    : b.items;
  return { items, startTime: b.start_time, endTime: b.end_time, dueAt: b.due_at, expiresAt: b.expires_at, revisionsIncluded: b.revisions_included, note: b.note };
}

/** An error names the field as REST sent it. */
const OFFER_FIELDS: Record<string, string> = {
  startTime: 'start_time',
  endTime: 'end_time',
  dueAt: 'due_at',
  expiresAt: 'expires_at',
  revisionsIncluded: 'revisions_included',
  ...Object.fromEntries(Array.from({ length: OFFER_LIMITS.items }, (_, i) => [`items.${i}.unitPriceCents`, `items.${i}.unit_price_cents`])),
};

const idOf = (req: Request) => String(req.params.id);

/** The brand's accept answers like create-payment (checkoutUrl, bookingId, paymentIntentId, clientSecret, booking) with the offer. */
const presentAccept = async (ctx: RequestContext, r: AcceptOfferResult) => ({
  offer: presentOffer(r.offer),
  ...(r.checkout ? await presentCheckout(ctx, r.checkout) : {}),
});

export function offersRoutes(): Router {
  const router = Router();
  router.post('/conversations/:id/offers', route(async (ctx, req) => ({ offer: presentOffer(await ctx.services.offers.send(ctx, idOf(req), termsOf(req.body))) }), 201, OFFER_FIELDS));
  router.get('/conversations/:id/offers', route(async (ctx, req) => ({ offers: (await ctx.services.offers.ofConversation(ctx, idOf(req))).map(presentOffer) })));
  router.get('/offers/:id', route(async (ctx, req) => ({ offer: presentOffer(await ctx.services.offers.get(ctx, idOf(req))) })));
  router.post('/offers/:id/accept', route(async (ctx, req) => presentAccept(ctx, await ctx.services.offers.accept(ctx, idOf(req)))));
  router.post('/offers/:id/decline', route(async (ctx, req) => ({ offer: presentOffer(await ctx.services.offers.decline(ctx, idOf(req))) })));
  router.post('/offers/:id/counter', route(async (ctx, req) => ({ offer: presentOffer(await ctx.services.offers.counter(ctx, idOf(req), termsOf(req.body))) }), 201, OFFER_FIELDS));
  router.post('/offers/:id/withdraw', route(async (ctx, req) => ({ offer: presentOffer(await ctx.services.offers.withdraw(ctx, idOf(req))) })));
  return router;
}
