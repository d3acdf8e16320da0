import { Arg, Ctx, FieldResolver, Int, Resolver, Root } from 'type-graphql';
import type { GraphQLContext } from '../../platform/graphql/context';
import { ProfileType } from '../profiles';
import { AvailabilitySlotType } from './availability.types';

/** Availability's field on a creator (profiles knows no slots' type: this feature adds it). */
@Resolver(() => ProfileType)
export class CreatorSlotsResolver {
  @FieldResolver(() => [AvailabilitySlotType], { description: 'The next free future slots, soonest first' })
  nextFreeSlots(@Root() profile: ProfileType, @Arg('first', () => Int, { defaultValue: 5 }) first: number, @Ctx() ctx: GraphQLContext) {
    return ctx.services.profiles.nextFreeSlots(ctx, profile.id, first);
  }
}
