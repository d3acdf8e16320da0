import { Router } from 'express';
import { route } from '../../platform/rest/route';
import { avatarUrlOf, avatarUrlsOf } from '../profiles';

/** `GET /brands/{id}`: a brand's public profile (no sign-in needed), as GraphQL `brand`. */
export function brandsRoutes(): Router {
  const router = Router();
  router.get(
    '/brands/:id',
    route(async (ctx, req) => {
      const brand = await ctx.services.brands.getBrand(ctx, String(req.params.id));
      return {
        id: brand.id,
        user_id: brand.userId,
        display_name: brand.displayName,
        about: brand.about,
        avatar_url: avatarUrlOf(brand, 160),
        avatar_urls: avatarUrlsOf(brand),
        average_rating: brand.averageRating,
        review_count: brand.reviewCount,
        completed_bookings: await ctx.services.brands.completedBookings(ctx, brand),
        member_since: brand.memberSince.toISOString(),
      };
    }),
  );
  return router;
}
