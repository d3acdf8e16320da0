import { Arg, Ctx, Directive, FieldResolver, ID, Int, Mutation, Query, Resolver, Root } from 'type-graphql';
import { PUBLIC_ROOT_HINT } from '../../platform/graphql/cache-policy';
import type { GraphQLContext } from '../../platform/graphql/context';
import { CreatorSort, type CreatorPage } from './creator-search';
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
  ) {
    return ctx.services.profiles.listCreators(ctx, { filter: { ...filter }, sort, first, after });
  }

  @Mutation(() => ProfileType)
  createProfile(@Arg('input', () => CreateProfileInput) input: CreateProfileInput, @Ctx() ctx: GraphQLContext) {
    return ctx.services.profiles.createMyProfile(ctx, { ...input });
  }

  @Mutation(() => ProfileType, { description: 'Changes only the fields sent' })
  updateProfile(@Arg('input', () => UpdateProfileInput) input: UpdateProfileInput, @Ctx() ctx: GraphQLContext) {
    return ctx.services.profiles.updateMyProfile(ctx, { ...input });
  }
}

/** The listing's `totalCount`: counted only when a query asks for it (cached per filter until public data changes). */
@Resolver(() => CreatorConnection)
export class CreatorConnectionResolver {
  @FieldResolver(() => Int, { description: 'Creators matching the filter, across all pages' })
  totalCount(@Root() page: CreatorPage, @Ctx() ctx: GraphQLContext) {
    return ctx.services.profiles.countCreators(ctx, page.filter);
  }
}
