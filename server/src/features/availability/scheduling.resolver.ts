import { Arg, Ctx, ID, Mutation, Query, Resolver } from 'type-graphql';
import type { GraphQLContext } from '../../platform/graphql/context';
import { SchedulingSettingsInputType, SchedulingSettingsType, TimeOffInputType, TimeOffType } from './scheduling.types';

@Resolver()
export class SchedulingResolver {
  @Query(() => SchedulingSettingsType, { description: "A creator's scheduling guards (public); without creatorId, your own" })
  schedulingSettings(@Arg('creatorId', () => ID, { nullable: true }) creatorId: string | null, @Ctx() ctx: GraphQLContext) {
    return creatorId ? ctx.services.scheduling.settingsOf(ctx.em, creatorId) : ctx.services.scheduling.mySettings(ctx);
  }

  @Mutation(() => SchedulingSettingsType, { description: 'Changes your minimum notice, buffers or horizon' })
  updateSchedulingSettings(@Arg('input', () => SchedulingSettingsInputType) input: SchedulingSettingsInputType, @Ctx() ctx: GraphQLContext) {
    return ctx.services.scheduling.updateSettings(ctx, input);
  }

  @Query(() => [TimeOffType], { description: 'Your time off, in time order' })
  myTimeOff(@Ctx() ctx: GraphQLContext) {
    return ctx.services.scheduling.listTimeOff(ctx);
  }

  @Mutation(() => TimeOffType, { description: 'Time off: none of your hours in it is bookable' })
  addTimeOff(@Arg('input', () => TimeOffInputType) input: TimeOffInputType, @Ctx() ctx: GraphQLContext) {
    return ctx.services.scheduling.addTimeOff(ctx, input);
  }

  @Mutation(() => Boolean)
  deleteTimeOff(@Arg('id', () => ID) id: string, @Ctx() ctx: GraphQLContext) {
    return ctx.services.scheduling.deleteTimeOff(ctx, id);
  }
}
