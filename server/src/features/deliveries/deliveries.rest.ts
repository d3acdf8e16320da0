import { Router, type Request } from 'express';
import type { RequestContext } from '../../platform/request-context';
import { route } from '../../platform/rest/route';
import { presentFile } from '../files';
import type { BriefView, DeliveryTerms, DeliveryView } from './deliveries.service';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** The REST shape of a brief (snake_case, as the rest of /api/v1). */
export const presentBrief = async (ctx: RequestContext, b: BriefView) => ({
  id: b.id,
  booking_id: b.bookingId,
  version: b.version,
  talking_points: b.talkingPoints,
  links: b.links,
  dos: b.dos,
  donts: b.donts,
  disclosure_required: b.disclosureRequired,
  file_ids: b.fileIds,
  files: (await ctx.services.deliveries.filesOf(ctx, b.bookingId, b.fileIds)).map(presentFile),
  submitted_at: iso(b.submittedAt),
  confirmed_at: iso(b.confirmedAt),
  confirmed_version: b.confirmedVersion,
});

export const presentDelivery = async (ctx: RequestContext, d: DeliveryView) => ({
  id: d.id,
  booking_id: d.bookingId,
  number: d.number,
  links: d.links,
  note: d.note,
  file_ids: d.fileIds,
  files: (await ctx.services.deliveries.filesOf(ctx, d.bookingId, d.fileIds)).map(presentFile),
  submitted_at: iso(d.submittedAt),
  approval_due_at: iso(d.approvalDueAt),
  status: d.status,
  response_note: d.responseNote,
  responded_at: iso(d.respondedAt),
  responded_by: d.respondedBy,
});

const presentTerms = (t: DeliveryTerms) => ({
  revisions_included: t.revisionsIncluded,
  revisions_used: t.revisionsUsed,
  revisions_left: t.revisionsLeft,
  approval_window_hours: t.approvalWindowHours,
});

const ids = (req: Request) => ({ bookingId: String(req.params.id), deliveryId: String(req.params.deliveryId ?? '') });

/** Issue 33's names: the brief and the deliveries of a booking. */
export function deliveriesRoutes(): Router {
  const router = Router();
  router.get('/bookings/:id/brief', route(async (ctx, req) => {
    const booking = await ctx.services.deliveries.visibleBooking(ctx, ids(req).bookingId);
    const brief = await ctx.services.deliveries.briefOf(ctx, booking.id);
    const versions = await ctx.services.deliveries.briefVersions(ctx, booking.id);
    return { brief: brief ? await presentBrief(ctx, brief) : null, versions: await Promise.all(versions.map((v) => presentBrief(ctx, v))) };
  }));
  router.put('/bookings/:id/brief', route(async (ctx, req) => presentBrief(ctx, await ctx.services.deliveries.putBrief(ctx, ids(req).bookingId, req.body)), 200, BRIEF_FIELDS));
  router.post('/bookings/:id/brief/confirm', route(async (ctx, req) => presentBrief(ctx, await ctx.services.deliveries.confirmBrief(ctx, ids(req).bookingId, versionOf(req.body?.version)))));
  router.get('/bookings/:id/deliveries', route(async (ctx, req) => {
    const booking = await ctx.services.deliveries.visibleBooking(ctx, ids(req).bookingId);
    const deliveries = await ctx.services.deliveries.deliveriesOf(ctx, booking.id);
    return { deliveries: await Promise.all(deliveries.map((d) => presentDelivery(ctx, d))), terms: presentTerms(await ctx.services.deliveries.termsOf(ctx, booking)) };
  }));
  router.post('/bookings/:id/deliveries', route(async (ctx, req) => presentDelivery(ctx, await ctx.services.deliveries.submitDelivery(ctx, ids(req).bookingId, req.body)), 201, DELIVERY_FIELDS));
  router.post('/bookings/:id/deliveries/:deliveryId/approve', route(async (ctx, req) => presentDelivery(ctx, await ctx.services.deliveries.approve(ctx, ids(req).bookingId, ids(req).deliveryId))));
  router.post('/bookings/:id/deliveries/:deliveryId/request-changes', route(async (ctx, req) =>
    presentDelivery(ctx, await ctx.services.deliveries.requestChanges(ctx, ids(req).bookingId, ids(req).deliveryId, req.body))));
  return router;
}

/** Errors name the fields as REST sends them. */
const BRIEF_FIELDS = { talkingPoints: 'talking_points', disclosureRequired: 'disclosure_required', fileIds: 'file_ids' } as const;
const DELIVERY_FIELDS = { fileIds: 'file_ids' } as const;

const versionOf = (v: unknown): number | null => (typeof v === 'number' ? v : typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : null);
