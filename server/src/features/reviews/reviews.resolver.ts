import { Arg, Ctx, Directive, ID, Int, Mutation, Query, Resolver } from 'type-graphql';
import { PUBLIC_ROOT_HINT } from '../../platform/graphql/cache-policy';
import type { GraphQLContext } from '../../platform/graphql/context';
import { CreateReviewInput, ReviewConnection, ReviewType } from './reviews.types';

@Resolver()
export class ReviewsResolver {
  @Directive(PUBLIC_ROOT_HINT)
  @Query(() => ReviewConnection, { description: "A creator's reviews, newest first (public)" })
  reviews(
    @Arg('creatorId', () => ID) creatorId: string,
    @Arg('first', () => Int, { defaultValue: 10 }) first: number,
    @Arg('after', () => String, { nullable: true }) after: string | null,
    @Ctx() ctx: GraphQLContext,
  ) {
    return ctx.services.reviews.listForCreator(ctx, creatorId, { first, after });
  }

  @Mutation(() => ReviewType, { description: 'Review the other party of a completed booking (once per booking)' })
  createReview(@Arg('input', () => CreateReviewInput) input: CreateReviewInput, @Ctx() ctx: GraphQLContext) {
    return ctx.services.reviews.createReview(ctx, { ...input });
  }
}
