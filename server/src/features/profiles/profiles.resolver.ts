import { Arg, Ctx, Directive, FieldResolver, ID, Int, Mutation, Query, Resolver, Root } from 'type-graphql';
import { PUBLIC_ROOT_HINT } from '../../platform/graphql/cache-policy';
import type { GraphQLContext } from '../../platform/graphql/context';
import { CreatorSort, type CreatorPage } from './creator-search';
import { avatarUrlOf } from './photo';
import type { ProfileView } from './profile.view';
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

  @Mutation(() => ProfileType, { description: "Removes the viewer's photo or logo (initials are shown again). Upload one with PUT /api/v1/users/profile/photo (multipart: crop_x, crop_y, crop_width, crop_height, then file)." })
  removeProfilePhoto(@Ctx() ctx: GraphQLContext) {
    return ctx.services.profiles.removeMyPhoto(ctx);
  }

  @FieldResolver(() => String, {
    nullable: true,
    description: 'The picture to show at about `size` px (square): the uploaded photo or logo (served at 64, 160 or 400 px, WebP, cached for good), else profileImageUrl; null: show initials',
  })
  avatarUrl(@Root() profile: ProfileView, @Arg('size', () => Int, { defaultValue: 160 }) size: number) {
    return avatarUrlOf(profile, size);
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
