import { Arg, Ctx, Int, Mutation, Query, Resolver, Root, Subscription } from 'type-graphql';
import type { GraphQLContext } from '../../platform/graphql/context';
import type { NotificationView } from './notifications.service';
import { MarkNotificationsReadInput, NotificationConnection, NotificationType } from './notifications.types';

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

  @Mutation(() => Int, { description: 'Marks notifications read (ids, or all: true); answers the unread count left' })
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
