import { Arg, Ctx, Mutation, Query, Resolver } from 'type-graphql';
import type { GraphQLContext } from '../../platform/graphql/context';
import { CalendarFeedType } from './calendar.types';

@Resolver()
export class CalendarResolver {
  @Query(() => CalendarFeedType, { description: "The viewer's private calendar feed URL (created on first read)" })
  calendarFeed(@Ctx() ctx: GraphQLContext) {
    return ctx.services.calendar.feed(ctx);
  }

  @Mutation(() => CalendarFeedType, { description: 'A new feed URL; the old one answers 404 from now on' })
  regenerateCalendarFeed(@Ctx() ctx: GraphQLContext) {
    return ctx.services.calendar.regenerate(ctx);
  }

  @Mutation(() => CalendarFeedType, { description: 'Creators: show free hours in the feed as tentative blocks' })
  setCalendarFeedFreeHours(@Arg('include', () => Boolean) include: boolean, @Ctx() ctx: GraphQLContext) {
    return ctx.services.calendar.setIncludeFreeHours(ctx, include);
  }
}
