import { Router } from 'express';
import { route } from '../../platform/rest/route';
import { presentReview } from './review.presenter';

/** spec §7 "Reviews". Lists answer `data` = array of reviews, newest first. */
export function reviewsRoutes(): Router {
  const router = Router();
  router.get(
    '/reviews',
    route(async (ctx, req) => {
      const { streamerId, streamer_id, page, limit } = req.query;
      const result = await ctx.services.reviews.listForCreator(ctx, String(streamerId ?? streamer_id ?? ''), { page: page ?? 1, limit });
      return result.edges.map((e) => presentReview(e.node));
    }, 200, { creatorId: 'streamerId' }),
  );
  router.get(
    '/reviews/streamer/:id',
    route(async (ctx, req) => {
      const page = await ctx.services.reviews.listForCreator(ctx, String(req.params.id), { page: 1, limit: req.query.limit });
      return page.edges.map((e) => presentReview(e.node));
    }, 200, { creatorId: 'id' }),
  );
  // reviewer_id / reviewee_id sent by the client are ignored: the booking decides them.
  router.post('/reviews', route(async (ctx, req) => presentReview(await ctx.services.reviews.createReview(ctx, req.body)), 201));
  return router;
}
