import { Field, ID, InputType, Int, ObjectType, registerEnumType } from 'type-graphql';
import type { ConversationView, MessageView, PartyView } from './conversations.views';
import { EventTopic } from '../../platform/graphql/event-topic.scalar';

export enum ConversationRole {
  CLIENT = 'client',
  CREATOR = 'creator',
  SUPPORT = 'support',
}
registerEnumType(ConversationRole, { name: 'ConversationRole', description: 'How the viewer takes part: the client (brand), the creator, or support staff on a disputed booking' });

export enum MessageKind {
  TEXT = 'text',
  EVENT = 'event',
  PROPOSAL = 'proposal',
  OFFER = 'offer',
}
registerEnumType(MessageKind, { name: 'MessageKind', description: 'A written message, a booking event line, a proposed time, or a custom offer (its card: offerId)' });

export enum ProposalStatus {
  PENDING = 'pending',
  ACCEPTED = 'accepted',
  DECLINED = 'declined',
  SUPERSEDED = 'superseded',
}
registerEnumType(ProposalStatus, { name: 'ProposalStatus', description: 'superseded: another proposal of the booking was accepted, or the booking moved on (accepted, declined, cancelled, expired…) before an answer' });

export enum ConversationActivityKind {
  TYPING = 'typing',
  READ = 'read',
}
registerEnumType(ConversationActivityKind, { name: 'ConversationActivityKind' });

@ObjectType('ConversationParty', { description: 'One side of a conversation', simpleResolvers: true })
export class ConversationPartyType implements PartyView {
  @Field(() => ID)
  userId!: string;

  @Field(() => ID, { nullable: true, description: 'Their creator profile, if any (link to /streamer/{id})' })
  profileId!: string | null;

  @Field(() => String)
  displayName!: string;

  @Field(() => String, { nullable: true })
  avatarUrl!: string | null;

  @Field(() => Date, { nullable: true, description: 'When they last read the conversation (for "Seen"); null for the viewer' })
  lastReadAt!: Date | null;
}

@ObjectType('ProposedTime', { simpleResolvers: true })
export class ProposedTimeType {
  @Field(() => Date)
  startTime!: Date;

  @Field(() => Date)
  endTime!: Date;

  @Field(() => ProposalStatus)
  status!: ProposalStatus;

  @Field(() => Date, { nullable: true })
  respondedAt!: Date | null;
}

@ObjectType('Message', { description: 'A line of a conversation: a message, a proposed time or a booking event', simpleResolvers: true })
export class MessageType implements Omit<MessageView, 'kind' | 'proposal' | 'fileIds'> {
  @Field(() => ID)
  id!: string;

  @Field(() => MessageKind)
  kind!: MessageKind;

  @Field(() => ID, { nullable: true, description: 'Who wrote it (event lines: who caused the event, null for the system)' })
  senderId!: string | null;

  @Field(() => String, { nullable: true, description: '"Support" for support staff; null for event lines' })
  senderName!: string | null;

  @Field(() => Boolean, { description: 'The viewer wrote it' })
  mine!: boolean;

  @Field(() => String, { description: 'Plain text (never HTML): show it as text' })
  text!: string;

  @Field(() => Boolean, { description: 'Written by support staff' })
  isSupport!: boolean;

  @Field(() => ID, { nullable: true })
  bookingId!: string | null;

  @Field(() => EventTopic, { nullable: true, description: 'Event lines: the booking event (e.g. booking.confirmed)' })
  eventType!: string | null;

  @Field(() => Date, { nullable: true, description: 'Event lines: when the booking the line is about starts (so the line names its booking)' })
  bookingStartTime!: Date | null;

  @Field(() => Date, { nullable: true })
  bookingEndTime!: Date | null;

  @Field(() => ProposedTimeType, { nullable: true })
  proposal!: ProposedTimeType | null;

  @Field(() => ID, { nullable: true, description: 'Offer lines: the custom offer shown as a card' })
  offerId!: string | null;

  @Field(() => Date)
  createdAt!: Date;
}

@ObjectType('MessagePageInfo', { simpleResolvers: true })
export class MessagePageInfo {
  @Field(() => Boolean, { description: 'Newer lines exist after endCursor' })
  hasNextPage!: boolean;

  @Field(() => Boolean, { description: 'Older lines exist before startCursor' })
  hasPreviousPage!: boolean;

  @Field(() => String, { nullable: true, description: 'Pass as `before` (with `last`) for older lines' })
  startCursor!: string | null;

  @Field(() => String, { nullable: true, description: 'Pass as `after` (with `first`) for newer lines, e.g. after a reconnect' })
  endCursor!: string | null;
}

@ObjectType('MessageEdge', { simpleResolvers: true })
export class MessageEdge {
  @Field(() => String)
  cursor!: string;

  @Field(() => MessageType)
  node!: MessageType;
}

@ObjectType('MessageConnection', { description: 'Lines oldest first (newest last)', simpleResolvers: true })
export class MessageConnectionType {
  @Field(() => [MessageEdge])
  edges!: MessageEdge[];

  @Field(() => MessagePageInfo)
  pageInfo!: MessagePageInfo;
}

@ObjectType('Conversation', { description: 'A conversation between a client and a creator, shared by all their bookings' })
export class ConversationType implements Omit<ConversationView, 'viewerRole' | 'lastMessage'> {
  @Field(() => ID)
  id!: string;

  @Field(() => Date)
  createdAt!: Date;

  @Field(() => Date, { description: 'The last message or proposal' })
  lastActivityAt!: Date;

  @Field(() => ConversationRole)
  viewerRole!: ConversationRole;

  @Field(() => ConversationPartyType)
  creator!: ConversationPartyType;

  @Field(() => ConversationPartyType)
  client!: ConversationPartyType;

  @Field(() => ConversationPartyType, { description: 'Who the viewer talks to (support: the client)' })
  otherParty!: ConversationPartyType;

  @Field(() => [ID], { description: "The pair's bookings shown in this thread" })
  bookingIds!: string[];

  @Field(() => Boolean, { description: 'A booking of the pair is disputed: support can read and post' })
  disputed!: boolean;

  @Field(() => Int, { description: "Others' messages after the viewer's read mark" })
  unreadCount!: number;

  @Field(() => Date, { nullable: true, description: "The viewer's read mark" })
  lastReadAt!: Date | null;

  @Field(() => MessageType, { nullable: true })
  lastMessage!: MessageType | null;
}

@ObjectType('ConversationEdge', { simpleResolvers: true })
export class ConversationEdge {
  @Field(() => String)
  cursor!: string;

  @Field(() => ConversationType)
  node!: ConversationType;
}

@ObjectType('ConversationPageInfo', { simpleResolvers: true })
export class ConversationPageInfo {
  @Field(() => Boolean)
  hasNextPage!: boolean;

  @Field(() => String, { nullable: true })
  endCursor!: string | null;
}

@ObjectType('ConversationConnection', { simpleResolvers: true })
export class ConversationConnection {
  @Field(() => [ConversationEdge])
  edges!: ConversationEdge[];

  @Field(() => ConversationPageInfo)
  pageInfo!: ConversationPageInfo;

  @Field(() => Int)
  totalCount!: number;
}

@ObjectType('ConversationActivity', { description: 'Someone else is typing, or read the conversation', simpleResolvers: true })
export class ConversationActivityType {
  @Field(() => ID)
  conversationId!: string;

  @Field(() => ID)
  userId!: string;

  @Field(() => ConversationActivityKind)
  kind!: ConversationActivityKind;

  @Field(() => Date)
  at!: Date;
}

@InputType('ProposeBookingTimeInput')
export class ProposeBookingTimeInput {
  @Field(() => ID, { description: 'A pending request of yours (as the creator)' })
  bookingId!: string;

  @Field(() => Date, { description: 'From your free hours; the same length as the booking' })
  startTime!: Date;

  @Field(() => Date)
  endTime!: Date;

  @Field(() => String, { nullable: true, description: 'A note shown with the proposal' })
  text?: string | null;
}

@InputType('RespondToProposedTimeInput')
export class RespondToProposedTimeInput {
  @Field(() => ID, { description: 'The proposal message' })
  messageId!: string;

  @Field(() => Boolean, { description: 'true: move the booking to the proposed hours; false: decline' })
  accept!: boolean;
}
