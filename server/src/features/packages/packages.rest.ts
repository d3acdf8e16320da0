import { Router, type Request } from 'express';
import { route } from '../../platform/rest/route';
import { presentCheckout } from '../bookings';
import type { PackageView } from './packages.service';

/** A package over REST (snake_case, cents). */
export const presentPackage = (p: PackageView) => ({
  id: p.id,
  streamer_id: p.creatorId,
  title: p.title,
  description: p.description,
  deliverables: {
    live_minutes: p.deliverables.liveMinutes,
    costream_hours: p.deliverables.costreamHours,
    clips: p.deliverables.clips,
    posts: p.deliverables.posts,
    overlay_days: p.deliverables.overlayDays,
  },
  summary: p.summary,
  price_cents: p.priceCents,
  lead_time_days: p.leadTimeDays,
  revisions_included: p.revisionsIncluded,
  platforms: p.platforms,
  active: p.active,
  scheduled_hours: p.scheduledHours,
  created_at: p.createdAt.toISOString(),
  updated_at: p.updatedAt.toISOString(),
});

/** REST's snake_case names of the services' fields (an error names the field the client sent). */
const PACKAGE_FIELDS = {
  priceCents: 'price_cents',
  leadTimeDays: 'lead_time_days',
  revisionsIncluded: 'revisions_included',
  'deliverables.liveMinutes': 'deliverables.live_minutes',
  'deliverables.costreamHours': 'deliverables.costream_hours',
  'deliverables.overlayDays': 'deliverables.overlay_days',
  startTime: 'start_time',
  dueAt: 'due_at',
  bookingDetails: 'booking_details',
} as const;

const has = (o: object, k: string) => Object.hasOwn(o, k);

/** The body's snake_case fields as the service's; only the ones sent (an update changes those). */
function packageInput(body: unknown): Record<string, unknown> {
  const b = (body && typeof body === 'object' ? body : {}) as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  const map: [string, string][] = [
    ['title', 'title'], ['description', 'description'], ['price_cents', 'priceCents'], ['lead_time_days', 'leadTimeDays'],
    ['revisions_included', 'revisionsIncluded'], ['platforms', 'platforms'], ['active', 'active'],
  ];
  for (const [rest, name] of map) if (has(b, rest)) out[name] = b[rest];
  if (has(b, 'deliverables')) {
    const d = b.deliverables;
    out.deliverables =
      d && typeof d === 'object'
        ? Object.fromEntries(
            ([['live_minutes', 'liveMinutes'], ['costream_hours', 'costreamHours'], ['clips', 'clips'], ['posts', 'posts'], ['overlay_days', 'overlayDays']] as const)
              .filter(([rest]) => has(d, rest))
              .map(([rest, name]) => [name, (d as Record<string, unknown>)[rest]]),
          )
        : d;
  }
  return out;
}

const idOf = (req: Request) => String(req.params.id);

export function packagesRoutes(): Router {
  const router = Router();
  router.post('/packages', route(async (ctx, req) => ({ package: presentPackage(await ctx.services.packages.create(ctx, packageInput(req.body))) }), 201, PACKAGE_FIELDS));
  router.put('/packages/:id', route(async (ctx, req) => ({ package: presentPackage(await ctx.services.packages.update(ctx, idOf(req), packageInput(req.body))) }), 200, PACKAGE_FIELDS));
  router.get('/streamers/:id/packages', route(async (ctx, req) => ({ packages: (await ctx.services.packages.listForCreator(ctx, idOf(req))).map(presentPackage) })));
  router.post('/packages/:id/checkout', route(async (ctx, req) => {
    const b = req.body ?? {};
    const result = await ctx.services.packages.checkout(ctx, {
      packageId: idOf(req),
      startTime: b.start_time,
      dueAt: b.due_at,
      bookingDetails: b.booking_details,
      idempotencyKey: req.get('Idempotency-Key') ?? b.idempotency_key,
    });
    return presentCheckout(ctx, result);
  }, 200, PACKAGE_FIELDS));
  return router;
}
