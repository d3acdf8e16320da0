import { Router } from 'express';
import type { RequestContext } from '../../platform/request-context';
import { route } from '../../platform/rest/route';
import { readUpload } from '../files';
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
  router.put('/users/profile/photo', (req, res, next) => {
    const ctx = res.locals.ctx as RequestContext;
    readUpload(req, res, ctx.services.files.maxBytes, (file, fields) => ctx.services.profiles.setMyPhoto(ctx, file, fields))
      .then((view) => res.status(200).json({ success: true, data: presentProfile(view) }))
      .catch(next);
  });
  router.delete('/users/profile/photo', route(async (ctx) => presentProfile(await ctx.services.profiles.removeMyPhoto(ctx))));
  router.put('/users/profile', route(async (ctx, req) => presentProfile(await ctx.services.profiles.updateMyProfile(ctx, req.body))));
  return router;
}
