import { Field, ID, InputType, Int, ObjectType } from 'type-graphql';
import { EventTopic } from '../../platform/graphql/event-topic.scalar';
import { PageInfo } from '../../platform/graphql/pagination.types';
import type { NotificationView } from './notifications.service';

@ObjectType('Notification', { description: 'Something that happened that concerns the viewer (one per event and recipient)', simpleResolvers: true })
export class NotificationType implements Omit<NotificationView, 'payload' | 'eventId'> {
  @Field(() => ID)
  id!: string;

  @Field(() => EventTopic, { description: 'The event topic, e.g. booking.created, message.created, payout.paid' })
  type!: string;

  @Field(() => String, { description: 'One line to show (names only; times come from the booking). A message: who wrote it and what, in one line ("Maya: Can we move to 3 pm?…")' })
  text!: string;

  @Field(() => ID, { nullable: true, description: 'The booking it is about (link to it)' })
  bookingId!: string | null;

  @Field(() => ID, { nullable: true, description: 'The conversation it is about (link to it)' })
  conversationId!: string | null;

  @Field(() => Date, { nullable: true, description: 'When the booking it is about starts (the proposed hours for a proposed time): the line names its booking' })
  bookingStartTime!: Date | null;

  @Field(() => Date, { nullable: true })
  bookingEndTime!: Date | null;

  @Field(() => Date, { nullable: true })
  readAt!: Date | null;

  @Field(() => Date)
  createdAt!: Date;
}

@ObjectType('NotificationEdge', { simpleResolvers: true })
export class NotificationEdge {
  @Field(() => String)
  cursor!: string;

  @Field(() => NotificationType)
  node!: NotificationType;
}

@ObjectType('NotificationConnection', { simpleResolvers: true })
export class NotificationConnection {
  @Field(() => [NotificationEdge])
  edges!: NotificationEdge[];

  @Field(() => PageInfo)
  pageInfo!: PageInfo;

  @Field(() => Int)
  totalCount!: number;
}

@InputType('MarkNotificationsReadInput')
export class MarkNotificationsReadInput {
  @Field(() => [ID], { nullable: true, description: 'These notifications (the viewer’s own)' })
  ids?: string[] | null;

  @Field(() => Boolean, { nullable: true, description: 'true: every notification of the viewer' })
  all?: boolean | null;

  @Field(() => ID, { nullable: true, description: 'Every notification of the viewer about this booking (its card was opened)' })
  bookingId?: string | null;
}

@ObjectType('UnreadNotificationSummary', { simpleResolvers: true })
export class UnreadSummaryType {
  @Field(() => Int)
  total!: number;

  @Field(() => Int, { description: 'About a booking' })
  bookings!: number;

  @Field(() => Int, { description: 'New messages' })
  messages!: number;
}
