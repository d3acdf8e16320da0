import { Arg, Ctx, FieldResolver, Int, Resolver, Root } from 'type-graphql';
import type { GraphQLContext } from '../../platform/graphql/context';
import { ProfileType } from '../profiles';
import { ReviewType } from './reviews.types';

/** Reviews' field on a creator (profiles knows no review type: this feature adds it). */
@Resolver(() => ProfileType)
export class CreatorReviewsResolver {
  @FieldResolver(() => [ReviewType], { description: 'Newest reviews about this profile first' })
  latestReviews(@Root() profile: ProfileType, @Arg('first', () => Int, { defaultValue: 3 }) first: number, @Ctx() ctx: GraphQLContext) {
    return ctx.services.reviews.latestForCreator(ctx, profile.id, first);
  }
}
