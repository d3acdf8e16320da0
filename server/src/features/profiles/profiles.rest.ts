import { Router } from 'express';
import { route } from '../../platform/rest/route';
import { presentProfile } from './profile.presenter';

/** spec §7 "Profiles". `GET /streamers` answers `data` = array of profiles. */
export function profilesRoutes(): Router {
  const router = Router();
  router.get(
    '/streamers',
    route(async (ctx, req) => {
      const { platform, search, sort, minRating, minRateCents, maxRateCents, availableFrom, availableTo, page, limit } = req.query;
      const filter = { platform, search, minRating, minRateCents, maxRateCents, availableFrom, availableTo };
      const result = await ctx.services.profiles.listCreators(ctx, { filter, sort, page: page ?? 1, limit });
      return result.edges.map((e) => presentProfile(e.node));
    }),
  );
  router.get('/streamers/:id', route(async (ctx, req) => presentProfile(await ctx.services.profiles.getPublicProfile(ctx, String(req.params.id)))));
  router.post('/streamers', route(async (ctx, req) => presentProfile(await ctx.services.profiles.createMyProfile(ctx, req.body)), 201));
  router.put('/streamers/:id', route(async (ctx, req) => presentProfile(await ctx.services.profiles.updateProfile(ctx, String(req.params.id), req.body))));

  router.get('/users/streamer-profile', route(async (ctx) => presentProfile(await ctx.services.profiles.getMyProfile(ctx))));
  router.post('/users/streamer-profile', route(async (ctx, req) => presentProfile(await ctx.services.profiles.createMyProfile(ctx, req.body)), 201));
  router.put('/users/streamer-profile', route(async (ctx, req) => presentProfile(await ctx.services.profiles.updateMyProfile(ctx, req.body))));
  router.put('/users/profile', route(async (ctx, req) => presentProfile(await ctx.services.profiles.updateMyProfile(ctx, req.body))));
  return router;
}
