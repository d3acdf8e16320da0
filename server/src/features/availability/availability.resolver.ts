import { Arg, Ctx, Directive, ID, Mutation, Query, Resolver } from 'type-graphql';
import { PUBLIC_ROOT_HINT } from '../../platform/graphql/cache-policy';
import type { GraphQLContext } from '../../platform/graphql/context';
import {
  AddAvailabilityInput,
  AvailabilitySlotType,
  CreateRecurringPatternInput,
  GenerateSlotsInput,
  RecurringPatternType,
  UpdateAvailabilitySlotInput,
  UpdateRecurringPatternInput,
} from './availability.types';
import { slotView } from './slot.view';

@Resolver()
export class AvailabilityResolver {
  // [from, to) spans at most 92 days; default from now (AvailabilityService.listSlots).
  @Directive(PUBLIC_ROOT_HINT)
  @Query(() => [AvailabilitySlotType], { description: "A creator's slots, free and booked, in time order (public)" })
  async availabilitySlots(
    @Arg('creatorId', () => ID) creatorId: string,
    @Arg('from', () => Date, { nullable: true }) from: Date | null,
    @Arg('to', () => Date, { nullable: true }) to: Date | null,
    @Ctx() ctx: GraphQLContext,
  ) {
    return ctx.services.availability.listSlots(ctx, creatorId, { from, to });
  }

  @Mutation(() => [AvailabilitySlotType], { description: 'Adds a range of one day as 1-hour slots (all or none)' })
  async addAvailability(@Arg('input', () => AddAvailabilityInput) input: AddAvailabilityInput, @Ctx() ctx: GraphQLContext) {
    return (await ctx.services.availability.addSlots(ctx, input)).map(slotView);
  }

  @Mutation(() => AvailabilitySlotType, { description: 'Moves a free, future slot of yours to another hour' })
  async updateAvailabilitySlot(
    @Arg('id', () => ID) id: string,
    @Arg('input', () => UpdateAvailabilitySlotInput) input: UpdateAvailabilitySlotInput,
    @Ctx() ctx: GraphQLContext,
  ) {
    return slotView(await ctx.services.availability.updateSlot(ctx, id, input));
  }

  @Mutation(() => Boolean, { description: 'Deletes a free, future slot of yours' })
  deleteAvailabilitySlot(@Arg('id', () => ID) id: string, @Ctx() ctx: GraphQLContext) {
    return ctx.services.availability.deleteSlot(ctx, id);
  }

  @Directive(PUBLIC_ROOT_HINT)
  @Query(() => [RecurringPatternType], { description: "A creator's weekly schedules (public)" })
  async recurringPatterns(@Arg('creatorId', () => ID) creatorId: string, @Ctx() ctx: GraphQLContext) {
    return (await ctx.services.availability.listRecurringPatterns(ctx, creatorId)).map(RecurringPatternType.from);
  }

  @Mutation(() => RecurringPatternType)
  async createRecurringPattern(
    @Arg('input', () => CreateRecurringPatternInput) input: CreateRecurringPatternInput,
    @Ctx() ctx: GraphQLContext,
  ) {
    return RecurringPatternType.from(await ctx.services.availability.createRecurringPattern(ctx, input));
  }

  @Mutation(() => RecurringPatternType, { description: "Changing days or times replaces the schedule's future free slots" })
  async updateRecurringPattern(
    @Arg('id', () => ID) id: string,
    @Arg('input', () => UpdateRecurringPatternInput) input: UpdateRecurringPatternInput,
    @Ctx() ctx: GraphQLContext,
  ) {
    return RecurringPatternType.from(await ctx.services.availability.updateRecurringPattern(ctx, id, input));
  }

  @Mutation(() => Boolean, { description: 'Deletes a weekly schedule and its future free slots; booked slots stay' })
  deleteRecurringPattern(@Arg('id', () => ID) id: string, @Ctx() ctx: GraphQLContext) {
    return ctx.services.availability.deleteRecurringPattern(ctx, id);
  }

  @Mutation(() => [AvailabilitySlotType], {
    description: 'Creates slots from your weekly schedules (default: 14 days from tomorrow); returns only the new ones',
  })
  async generateSlots(
    @Arg('input', () => GenerateSlotsInput, { nullable: true }) input: GenerateSlotsInput | null,
    @Ctx() ctx: GraphQLContext,
  ) {
    return (await ctx.services.availability.generateSlots(ctx, input ?? {})).map(slotView);
  }
}
