import { Arg, Ctx, ID, Mutation, Query, Resolver } from 'type-graphql';
import type { GraphQLContext } from '../../platform/graphql/context';
import { CalendarConnectionType, ConnectCalendarInputType } from './calendar-sync.types';

@Resolver()
export class CalendarSyncResolver {
  @Query(() => [CalendarConnectionType], { description: 'Your connected calendars' })
  calendarConnections(@Ctx() ctx: GraphQLContext) {
    return ctx.services.calendarSync.list(ctx);
  }

  @Mutation(() => CalendarConnectionType, { description: 'Connects an iCalendar feed or a CalDAV calendar and syncs it once' })
  connectCalendar(@Arg('input', () => ConnectCalendarInputType) input: ConnectCalendarInputType, @Ctx() ctx: GraphQLContext) {
    return ctx.services.calendarSync.connect(ctx, input);
  }

  @Mutation(() => CalendarConnectionType, { description: 'Syncs a connected calendar now and answers when done' })
  syncCalendarConnection(@Arg('id', () => ID) id: string, @Ctx() ctx: GraphQLContext) {
    return ctx.services.calendarSync.syncNow(ctx, id);
  }

  @Mutation(() => Boolean, { description: 'Removes a connected calendar and its busy times' })
  deleteCalendarConnection(@Arg('id', () => ID) id: string, @Ctx() ctx: GraphQLContext) {
    return ctx.services.calendarSync.remove(ctx, id);
  }
}
