import { Router } from 'express';
import { route } from '../../platform/rest/route';
import type { SessionView } from './sessions-list';

const presentSession = (s: SessionView) => ({
  id: s.id,
  current: s.current,
  user_agent: s.userAgent,
  device: s.device,
  ip: s.ip,
  created_at: s.createdAt,
  last_seen_at: s.lastSeenAt,
});

/** REST for two-step sign-in and the list of sessions (issue 27's names). */
export function accountSecurityRoutes(): Router {
  const router = Router();
  router.get(
    '/auth/2fa',
    route(async (ctx) => {
      const s = await ctx.services.twoFactor.myStatus(ctx);
      return { enabled: s.enabled, enabled_at: s.enabledAt, recovery_codes_left: s.recoveryCodesLeft };
    }),
  );
  router.post(
    '/auth/2fa/setup',
    route(async (ctx) => {
      const s = await ctx.services.twoFactor.setup(ctx);
      return { secret: s.secret, otpauth_url: s.otpauthUrl, qr_data_url: s.qrDataUrl };
    }),
  );
  router.post('/auth/2fa/enable', route(async (ctx, req) => ({ recovery_codes: (await ctx.services.twoFactor.enable(ctx, req.body ?? {})).recoveryCodes })));
  router.post('/auth/2fa/disable', route(async (ctx, req) => ({ disabled: await ctx.services.twoFactor.disable(ctx, req.body ?? {}) })));
  router.get('/auth/sessions', route(async (ctx) => (await ctx.services.authSessions.list(ctx)).map(presentSession)));
  router.delete('/auth/sessions/:id', route(async (ctx, req) => ({ revoked: await ctx.services.authSessions.revoke(ctx, req.params.id) })));
  router.post(
    '/support/users/:id/reset-two-factor',
    route(async (ctx, req) => {
      const r = await ctx.services.twoFactor.supportReset(ctx, { userId: req.params.id, reason: req.body?.reason });
      return { user_id: r.userId, was_enabled: r.wasEnabled };
    }),
  );
  return router;
}
