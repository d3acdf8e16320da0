import { defineModule } from '../../platform/module';
import { reviewsRoot } from './reviews.compiled';
import { Review } from './review.entity';
import { ReviewsResolver } from './reviews.resolver';
import { reviewsRoutes } from './reviews.rest';
import { ReviewsService } from './reviews.service';
import { CreatorReviewsResolver } from './creator-reviews.resolver';

declare module '../../platform/module' {
  interface Services {
    reviews: ReviewsService;
  }
}

/** Reviews after a completed booking, and creators' ratings. */
export const reviewsModule = defineModule({
  name: 'reviews',
  entities: [Review],
  resolvers: [ReviewsResolver, CreatorReviewsResolver],
  routes: reviewsRoutes,
  compiledRoots: () => [reviewsRoot],
  services: ({ deps }) => ({ reviews: new ReviewsService({ clock: deps.clock, events: deps.events, outbox: deps.outbox }) }),
});
