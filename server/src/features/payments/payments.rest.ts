import express, { Router, type NextFunction, type Request, type Response } from 'express';
import type { RequestContext } from '../../platform/request-context';
import { route } from '../../platform/rest/route';
import { DomainError } from '../../platform/shared/errors';
import { ONBOARDING_PAGE_CSP, renderOnboardingMessage, renderOnboardingPage } from './local/onboarding-page';

const str = (v: unknown) => (typeof v === 'string' ? v : '');

/** spec §7 "Provider connect", "Testing", the payment-intent lookup, and the local provider's pages. */
export function paymentsRoutes(): Router {
  const router = Router();
  router.get('/stripe/connect-status', route(async (ctx) => {
    const s = await ctx.services.payments.connectStatus(ctx);
    return { connected: s.connected, onboarding_complete: s.onboardingComplete, charges_enabled: s.chargesEnabled, payouts_enabled: s.payoutsEnabled };
  }));
  router.post('/stripe/create-account', route((ctx, req) => ctx.services.payments.createConnectAccount(ctx, req.body ?? {})));
  router.post('/testing/add-funds', route(async (ctx, req) => {
    const funds = await ctx.services.payments.addTestFunds(ctx, req.body ?? {});
    return { amount_added: funds.amountAdded, new_available_balance: funds.newAvailableBalance };
  }));
  router.get('/bookings/payment-intent/:paymentIntentId', route((ctx, req) => ctx.services.payments.clientSecretFor(ctx, str(req.params.paymentIntentId))));
  router.post('/local-payments/:paymentIntentId/confirm', route(async (ctx, req) => {
    const p = await ctx.services.payments.confirmLocalPayment(ctx, { ...req.body, paymentIntentId: req.params.paymentIntentId });
    return { id: p.id, status: p.status, client_secret: p.clientSecret };
  }));
  router.get('/local-payments/onboarding/:accountId', html(async (ctx, req, res) => {
    const accountId = str(req.params.accountId);
    const state = await ctx.services.payments.localOnboarding(ctx, accountId, str(req.query.link));
    if (state.state === 'expired') return res.redirect(303, state.refreshUrl);
    const action = `${req.baseUrl}/local-payments/onboarding/${encodeURIComponent(accountId)}/complete`;
    res.send(renderOnboardingPage({ accountId, email: state.account.email, kind: state.account.kind, linkId: state.link.id, action }));
  }));
  router.post('/local-payments/onboarding/:accountId/complete', express.urlencoded({ extended: false, limit: '10kb' }), html(async (ctx, req, res) => {
    const link = str(req.body?.link) || str(req.query.link);
    const { redirectUrl } = await ctx.services.payments.completeLocalOnboarding(ctx, str(req.params.accountId), link);
    res.redirect(303, redirectUrl);
  }));
  return router;
}

/** Stripe's webhook needs the exact bytes it signed: mount this before the JSON body parser. */
export function stripeWebhookRoutes(): Router {
  const router = Router();
  router.post('/stripe/webhook', express.raw({ type: 'application/json', limit: '1mb' }), route((ctx, req) =>
    ctx.services.payments.receiveWebhook(ctx, { rawBody: Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0), signature: req.get('stripe-signature') }),
  ));
  return router;
}

/** Browser pages answer in HTML, errors included (a person, not a program, reads them). */
function html(handler: (ctx: RequestContext, req: Request, res: Response) => Promise<unknown>) {
  return (req: Request, res: Response, next: NextFunction) => {
    res.setHeader('Content-Security-Policy', ONBOARDING_PAGE_CSP);
    res.setHeader('Cache-Control', 'no-store');
    res.type('html');
    handler(res.locals.ctx as RequestContext, req, res).catch((err) => {
      if (!(err instanceof DomainError)) return next(err);
      res.status(err.httpStatus).send(renderOnboardingMessage('Payment setup', err.message));
    });
  };
}
