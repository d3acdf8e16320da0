import { Router, type Request } from 'express';
import type { RequestContext } from '../../platform/request-context';
import { route } from '../../platform/rest/route';
import type { Booking } from './booking.entity';
import { presentBooking, presentHistoryEntry } from './bookings.presenter';
import type { CheckoutResult } from './checkout.service';

const bookingReply = async (ctx: RequestContext, booking: Booking) => ({ booking: presentBooking(await ctx.services.bookings.view(ctx, booking)) });

const idOf = (req: Request) => String(req.params.id);

/** The spec's checkout payload says `streamerId` for the services' `creatorId`. */
const CHECKOUT_FIELDS = { creatorId: 'streamerId' } as const;

/** A cancellation's reason code is `reason_code` over REST. */
const CANCEL_FIELDS = { reasonCode: 'reason_code' } as const;

const checkoutInput = (req: Request) => ({ ...req.body, creatorId: req.body?.streamerId, idempotencyKey: req.get('Idempotency-Key') ?? req.body?.idempotencyKey });

/** A checkout over REST (the hourly one, a package's, an accepted offer's). */
export const presentCheckout = async (ctx: RequestContext, c: CheckoutResult) => ({
  checkoutUrl: c.checkoutUrl,
  bookingId: c.booking.id,
  paymentIntentId: c.paymentIntentId,
  clientSecret: c.clientSecret,
  ...(await bookingReply(ctx, c.booking)),
});

/** spec §7 "Bookings and payments" (both readings of confirm-completion, dispute and cancel). */
export function bookingsRoutes(): Router {
  const router = Router();
  router.get('/bookings', route(async (ctx, req) => {
    const page = await ctx.services.bookings.list(ctx, { status: req.query.status, page: req.query.page ?? 1, limit: req.query.limit ?? 20 });
    return { bookings: (await ctx.services.bookings.views(ctx, page.edges.map((e) => e.node))).map(presentBooking), total: page.totalCount, has_more: page.pageInfo.hasNextPage };
  }));
  router.post('/bookings', route(async (ctx, req) => presentCheckout(ctx, await ctx.services.checkout.createBookingCheckout(ctx, checkoutInput(req))), 201, CHECKOUT_FIELDS));
  router.post('/bookings/create-payment', route(async (ctx, req) => presentCheckout(ctx, await ctx.services.checkout.createBookingCheckout(ctx, checkoutInput(req))), 200, CHECKOUT_FIELDS));
  router.post('/bookings/confirm-completion', route(async (ctx, req) => bookingReply(ctx, await ctx.services.bookings.confirmCompletion(ctx, req.body?.booking_id))));
  router.post('/bookings/cancel', route(async (ctx, req) =>
    bookingReply(ctx, await ctx.services.bookings.cancel(ctx, { bookingId: req.body?.booking_id, reason: req.body?.cancellation_reason, reasonCode: req.body?.reason_code })), 200, CANCEL_FIELDS));
  router.post('/bookings/dispute', route(async (ctx, req) =>
    bookingReply(ctx, await ctx.services.bookings.openDispute(ctx, {
      bookingId: req.body?.booking_id, reason: req.body?.dispute_reason, evidence: req.body?.dispute_evidence, kind: req.body?.dispute_kind,
    }))));
  router.get('/bookings/:id', route(async (ctx, req) => bookingReply(ctx, await ctx.services.bookings.get(ctx, idOf(req)))));
  router.patch('/bookings/:id', route(async (ctx, req) =>
    bookingReply(ctx, await ctx.services.bookings.changeStatus(ctx, { bookingId: idOf(req), status: req.body?.status, reason: req.body?.reason, reasonCode: req.body?.reason_code })), 200, CANCEL_FIELDS));
  router.get('/bookings/:id/history', route(async (ctx, req) => ({ history: (await ctx.services.bookings.history(ctx, idOf(req))).map(presentHistoryEntry) })));
  router.get('/bookings/:id/cancellation-quote', route((ctx, req) => ctx.services.bookings.cancellationQuote(ctx, idOf(req))));
  router.post('/bookings/:id/accept', route(async (ctx, req) => bookingReply(ctx, await ctx.services.bookings.accept(ctx, idOf(req)))));
  router.post('/bookings/:id/decline', route(async (ctx, req) => bookingReply(ctx, await ctx.services.bookings.decline(ctx, idOf(req), req.body?.reason))));
  router.post('/bookings/:id/confirm-completion', route(async (ctx, req) => bookingReply(ctx, await ctx.services.bookings.confirmCompletion(ctx, idOf(req)))));
  router.post('/bookings/:id/cancel', route(async (ctx, req) =>
    bookingReply(ctx, await ctx.services.bookings.cancel(ctx, { bookingId: idOf(req), reason: req.body?.reason, reasonCode: req.body?.reason_code })), 200, CANCEL_FIELDS));
  router.post('/bookings/:id/dispute', route(async (ctx, req) =>
    bookingReply(ctx, await ctx.services.bookings.openDispute(ctx, { bookingId: idOf(req), reason: req.body?.reason, evidence: req.body?.evidence, kind: req.body?.kind }))));
  router.post('/payments/verify-booking-payment', route(async (ctx, req) => {
    const body = req.body ?? {};
    const verified = await ctx.services.checkout.verifyBookingPayment(ctx, {
      paymentIntentId: body.paymentIntentId ?? body.payment_intent_id, sessionId: body.sessionId ?? body.session_id, bookingId: body.bookingId ?? body.booking_id,
    });
    return { booking_confirmed: verified.bookingConfirmed, ...(await bookingReply(ctx, verified.booking)) };
  }));
  router.post('/payments/payout', route(async (ctx, req) => bookingReply(ctx, await ctx.services.bookings.requestPayout(ctx, req.body?.booking_id))));
  return router;
}
