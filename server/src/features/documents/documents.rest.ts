import { Router, type NextFunction, type Request, type Response } from 'express';
import type { RequestContext } from '../../platform/request-context';
import { route } from '../../platform/rest/route';
import type { DocumentSummary } from './documents.service';

const present = (d: DocumentSummary) => ({
  id: d.id,
  kind: d.kind,
  number: d.number,
  total_cents: d.totalCents,
  currency: d.currency,
  issued_at: d.issuedAt.toISOString(),
  url: d.url,
});

/** A response that is not the JSON envelope (a PDF, a CSV); errors still go to the one REST error mapper. */
const raw = (handler: (ctx: RequestContext, req: Request, res: Response) => Promise<void>) => (req: Request, res: Response, next: NextFunction) => {
  handler(res.locals.ctx as RequestContext, req, res).catch(next);
};

/** Documents, billing details and the ledger export. */
export function documentsRoutes(): Router {
  const router = Router();
  router.get('/bookings/:id/documents', route(async (ctx, req) => (await ctx.services.documents.forBooking(ctx, String(req.params.id))).map(present)));
  router.get('/documents/statements', route(async (ctx) => (await ctx.services.documents.mine(ctx)).map(present)));
  router.get('/documents/:id/pdf', raw(async (ctx, req, res) => {
    const { filename, bytes } = await ctx.services.documents.pdf(ctx, String(req.params.id));
    res.status(200).type('application/pdf').set('Content-Disposition', `attachment; filename="${filename}"`).set('Cache-Control', 'private, no-store').send(bytes);
  }));
  router.get('/users/billing', route(async (ctx) => presentBilling(await ctx.services.documents.billingDetails(ctx))));
  router.put('/users/billing', route(async (ctx, req) =>
    presentBilling(await ctx.services.documents.updateBillingDetails(ctx, { name: req.body?.name, address: req.body?.address, taxId: req.body?.tax_id })), 200, { taxId: 'tax_id' }));
  router.get('/ledger/export', raw(async (ctx, req, res) => {
    const csv = await ctx.services.documents.ledgerCsv(ctx, { from: req.query.from, to: req.query.to });
    res.status(200).type('text/csv; charset=utf-8').set('Content-Disposition', 'attachment; filename="collabhub-ledger.csv"').set('Cache-Control', 'private, no-store').send(csv);
  }));
  return router;
}

const presentBilling = (b: { name: string; address: string; taxId: string | null } | null) => (b ? { name: b.name, address: b.address, tax_id: b.taxId } : null);
