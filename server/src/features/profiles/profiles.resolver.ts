import type { GraphQLResolveInfo } from 'graphql';
import { Arg, Ctx, Directive, FieldResolver, ID, Info, Int, Mutation, Query, Resolver, Root } from 'type-graphql';
import { PUBLIC_ROOT_HINT } from '../../platform/graphql/cache-policy';
import type { GraphQLContext } from '../../platform/graphql/context';
import { AvailabilitySlotType } from '../availability/availability.types';
import { ReviewType } from '../reviews/reviews.types';
import { sameArgument, subFields } from '../../platform/graphql/lookahead';
import { MAX_PAGE_SIZE } from '../../platform/shared/pagination';
import { CreatorSort, prefetchedFor } from './creator-search';
import { CreateProfileInput, CreatorConnection, CreatorFilter, ProfileType, UpdateProfileInput } from './profiles.types';

@Resolver(() => ProfileType)
export class ProfilesResolver {
  @Query(() => ProfileType, { nullable: true, description: "The viewer's own profile; null until they create one" })
  myProfile(@Ctx() ctx: GraphQLContext) {
    return ctx.services.profiles.findMyProfile(ctx);
  }

  @Directive(PUBLIC_ROOT_HINT)
  @Query(() => ProfileType, { description: "A creator's public profile (no sign-in needed)" })
  creator(@Arg('id', () => ID) id: string, @Ctx() ctx: GraphQLContext) {
    return ctx.services.profiles.getPublicProfile(ctx, id);
  }

  @Directive(PUBLIC_ROOT_HINT)
  @Query(() => CreatorConnection, { description: 'Public creator listing with filters; at most 50 per page' })
  creators(
    @Arg('filter', () => CreatorFilter, { nullable: true }) filter: CreatorFilter | null,
    @Arg('sort', () => CreatorSort, { defaultValue: CreatorSort.RATING }) sort: CreatorSort,
    @Arg('first', () => Int, { defaultValue: 20 }) first: number,
    @Arg('after', () => String, { nullable: true }) after: string | null,
    @Ctx() ctx: GraphQLContext,
    @Info() info: GraphQLResolveInfo,
  ) {
    // Look ahead: the cards' slots and reviews come with the page's own statement, and the count
    // is only computed when the query selects it.
    const nodes = subFields(info, subFields(info, info.fieldNodes, 'edges'), 'node');
    const childFirst = (field: string) => {
      const value = sameArgument(info, 'Profile', field, subFields(info, nodes, field), 'first');
      return typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= MAX_PAGE_SIZE ? value : undefined;
    };
    return ctx.services.profiles.listCreators(
      ctx,
      { filter: { ...filter }, sort, first, after },
      { totalCount: subFields(info, info.fieldNodes, 'totalCount').length > 0, extras: { nextFreeSlots: childFirst('nextFreeSlots'), latestReviews: childFirst('latestReviews') } },
    );
  }

  @Mutation(() => ProfileType)
  createProfile(@Arg('input', () => CreateProfileInput) input: CreateProfileInput, @Ctx() ctx: GraphQLContext) {
    return ctx.services.profiles.createMyProfile(ctx, { ...input });
  }

  @Mutation(() => ProfileType, { description: 'Changes only the fields sent' })
  updateProfile(@Arg('input', () => UpdateProfileInput) input: UpdateProfileInput, @Ctx() ctx: GraphQLContext) {
    return ctx.services.profiles.updateMyProfile(ctx, { ...input });
  }

  @FieldResolver(() => [AvailabilitySlotType], { description: 'The next free future slots, soonest first' })
  nextFreeSlots(@Root() profile: ProfileType, @Arg('first', () => Int, { defaultValue: 5 }) first: number, @Ctx() ctx: GraphQLContext) {
    return ctx.services.profiles.nextFreeSlots(ctx, profile.id, first, prefetchedFor(profile)?.slots);
  }

  @FieldResolver(() => [ReviewType], { description: 'Newest reviews about this profile first' })
  latestReviews(@Root() profile: ProfileType, @Arg('first', () => Int, { defaultValue: 3 }) first: number, @Ctx() ctx: GraphQLContext) {
    return ctx.services.reviews.latestForCreator(ctx, profile.id, first, prefetchedFor(profile)?.reviews);
  }
}
