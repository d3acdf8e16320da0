import { Arg, Ctx, FieldResolver, Int, Mutation, Query, Resolver, Root, Subscription } from 'type-graphql';
import { BookingType } from '../bookings';
import type { GraphQLContext } from '../../platform/graphql/context';
import type { NotificationView } from './notifications.service';
import { MarkNotificationsReadInput, NotificationConnection, NotificationType, UnreadSummaryType } from './notifications.types';

@Resolver()
export class NotificationsResolver {
  @Query(() => NotificationConnection, { description: "The viewer's notifications, newest first" })
  notifications(
    @Arg('first', () => Int, { nullable: true, defaultValue: 20 }) first: number,
    @Arg('after', () => String, { nullable: true }) after: string | null,
    @Arg('unreadOnly', () => Boolean, { nullable: true }) unreadOnly: boolean | null,
    @Ctx() ctx: GraphQLContext,
  ) {
    return ctx.services.notifications.list(ctx, { first, after, unreadOnly });
  }

  @Query(() => Int, { description: "How many of the viewer's notifications are unread" })
  unreadNotificationCount(@Ctx() ctx: GraphQLContext) {
    return ctx.services.notifications.unreadCount(ctx);
  }

  @Query(() => UnreadSummaryType, { description: "The viewer's unread notifications by where they lead (the dashboard's tab badges)" })
  unreadNotificationSummary(@Ctx() ctx: GraphQLContext) {
    return ctx.services.notifications.unreadSummary(ctx);
  }

  @Mutation(() => Int, { description: 'Marks notifications read (ids, those of a booking, or all: true); answers the unread count left' })
  markNotificationsRead(@Arg('input', () => MarkNotificationsReadInput) input: MarkNotificationsReadInput, @Ctx() ctx: GraphQLContext) {
    return ctx.services.notifications.markRead(ctx, { ...input });
  }

  @Subscription(() => NotificationType, {
    description: "Each new notification of the viewer, live (sign-in required)",
    subscribe: ({ context }: { context: GraphQLContext }) => context.services.notifications.notificationsAdded(context),
  })
  notificationAdded(@Root() notification: NotificationView): NotificationView {
    return notification;
  }
}

/** A booking card's own unread count: the viewer's unread notifications about that booking. */
@Resolver(() => BookingType)
export class BookingUnreadResolver {
  @FieldResolver(() => Int, { description: "The viewer's unread notifications about this booking (its card's own count)" })
  unreadCount(@Root() booking: { id: string }, @Ctx() ctx: GraphQLContext) {
    return ctx.services.notifications.unreadOfBooking(ctx, booking.id);
  }
}
