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
  services: ({ deps }) => ({ reviews: new ReviewsService({ clock: deps.clock, events: deps.events, outbox: deps.outbox, orm: deps.orm }) }),
  jobs: ({ services }) => [
    {
      // Double-blind reviews: one side's review, hidden, is revealed 14 days after the booking was completed.
      name: 'reveal-reviews',
      everySeconds: 60,
      run: async (now) => {
        await services.reviews.revealDue(now);
      },
    },
  ],
});
