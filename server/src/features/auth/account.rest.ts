import { Router } from 'express';
import { route } from '../../platform/rest/route';
import { presentUser } from '../users';

/** Password reset, e-mail verification and change, suspension (issue 27): the names partners and checks use. */
export function accountRoutes(): Router {
  const router = Router();
  router.post('/auth/forgot-password', route((ctx, req) => ctx.services.passwordReset.request(ctx, req.body)));
  router.post('/auth/reset-password', route((ctx, req) => ctx.services.passwordReset.reset(ctx, req.body)));
  router.post('/auth/verify-email', route(async (ctx, req) => ({ user: presentUser(await ctx.services.emailVerification.verify(ctx, req.body)) })));
  router.post('/auth/resend-verification', route((ctx) => ctx.services.emailVerification.resend(ctx)));
  router.post('/auth/change-email', route((ctx, req) => ctx.services.emailVerification.changeEmail(ctx, req.body)));
  router.post(
    '/support/users/:id/suspend',
    route(async (ctx, req) => ({ user: presentUser(await ctx.services.accountSuspension.suspend(ctx, { userId: String(req.params.id), reason: req.body?.reason })) })),
  );
  router.post('/support/users/:id/unsuspend', route(async (ctx, req) => ({ user: presentUser(await ctx.services.accountSuspension.unsuspend(ctx, { userId: String(req.params.id) })) })));
  return router;
}
