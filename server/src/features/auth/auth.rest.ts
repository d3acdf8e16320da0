import { Router } from 'express';
import { route } from '../../platform/rest/route';
import { presentUser } from '../users';
import type { AuthResult } from './auth.service';

const presentAuth = ({ user, tokens }: AuthResult) => ({ user: presentUser(user), tokens });

/** spec §7 "Authentication" plus change-password; envelope per platform/rest/route.ts. */
export function authRoutes(): Router {
  const router = Router();
  router.post('/auth/register', route(async (ctx, req) => presentAuth(await ctx.services.auth.register(ctx, req.body)), 201));
  router.post('/auth/login', route(async (ctx, req) => presentAuth(await ctx.services.auth.login(ctx, req.body))));
  router.post('/auth/refresh', route(async (ctx, req) => ({ tokens: (await ctx.services.auth.refresh(ctx, req.body)).tokens })));
  router.post('/auth/logout', route(async (ctx, req) => ({ loggedOut: await ctx.services.auth.logout(ctx, req.body ?? {}) })));
  router.get('/auth/me', route(async (ctx) => ({ user: presentUser(await ctx.services.auth.me(ctx)) })));
  router.post('/users/change-password', route(async (ctx, req) => presentAuth(await ctx.services.auth.changePassword(ctx, req.body))));
  return router;
}
