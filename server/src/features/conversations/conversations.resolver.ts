import { Arg, Ctx, Extensions, FieldResolver, ID, Int, Mutation, Query, Resolver, Root, Subscription } from 'type-graphql';
import { FileType, fileType } from '../files';
import { MESSAGE_FILES_MAX } from './conversations.service';
import { messagePreview } from './message-preview';
import type { GraphQLContext } from '../../platform/graphql/context';
import type { DomainEvents } from '../../platform/shared/events';
import type { ConversationView, MessageView } from './conversations.views';
import {
  ConversationActivityType,
  ConversationConnection,
  ConversationType,
  MessageConnectionType,
  MessageType,
  ProposeBookingTimeInput,
  RespondToProposedTimeInput,
} from './conversations.types';

@Resolver(() => ConversationType)
export class ConversationsResolver {
  @Query(() => ConversationConnection, { description: "The viewer's conversations, most recently active first" })
  conversations(
    @Arg('first', () => Int, { nullable: true, defaultValue: 20 }) first: number,
    @Arg('after', () => String, { nullable: true }) after: string | null,
    @Ctx() ctx: GraphQLContext,
  ) {
    return ctx.services.conversations.list(ctx, { first, after });
  }

  @Query(() => ConversationType, { description: 'One conversation (its members; support while a booking of it is disputed)' })
  conversation(@Arg('id', () => ID) id: string, @Ctx() ctx: GraphQLContext) {
    return ctx.services.conversations.get(ctx, id);
  }

  @Query(() => ConversationType, { description: "A booking's conversation (the pair's, shared with their inquiry and other bookings)" })
  bookingConversation(@Arg('bookingId', () => ID) bookingId: string, @Ctx() ctx: GraphQLContext) {
    return ctx.services.conversations.forBooking(ctx, bookingId);
  }

  @FieldResolver(() => MessageConnectionType, { description: 'Lines oldest first; default the newest 30. `last`+`before` pages back, `first`+`after` forward (catch up after a reconnect)' })
  messages(
    @Root() conversation: ConversationView,
    @Arg('first', () => Int, { nullable: true }) first: number | null,
    @Arg('after', () => String, { nullable: true }) after: string | null,
    @Arg('last', () => Int, { nullable: true }) last: number | null,
    @Arg('before', () => String, { nullable: true }) before: string | null,
    @Ctx() ctx: GraphQLContext,
  ) {
    return ctx.services.conversations.messages(ctx, conversation.id, { first, after, last, before });
  }

  @Mutation(() => ConversationType, { description: 'Message a creator (creatorId: their profile id); reuses the pair’s conversation' })
  startConversation(@Arg('creatorId', () => ID) creatorId: string, @Arg('text', () => String) text: string, @Ctx() ctx: GraphQLContext) {
    return ctx.services.conversations.start(ctx, { creatorId, text });
  }

  @Mutation(() => MessageType, {
    description: 'A message (up to 2,000 characters, trimmed) with up to 10 files (fileIds: your uploads, POST /api/v1/files); the text may be empty when files are sent',
  })
  sendMessage(
    @Arg('conversationId', () => ID) conversationId: string,
    @Arg('text', () => String) text: string,
    @Arg('fileIds', () => [ID], { nullable: true, description: 'Files you uploaded (POST /api/v1/files), at most 10; the conversation\'s members read them' }) fileIds: string[] | null,
    @Ctx() ctx: GraphQLContext,
  ) {
    return ctx.services.conversations.send(ctx, { conversationId, text, fileIds });
  }

  @Mutation(() => MessageType, { description: 'The creator proposes other free hours (same length) for a pending request' })
  proposeBookingTime(@Arg('input', () => ProposeBookingTimeInput) input: ProposeBookingTimeInput, @Ctx() ctx: GraphQLContext) {
    return ctx.services.conversations.proposeTime(ctx, { ...input });
  }

  @Mutation(() => MessageType, { description: 'The booker accepts (the booking moves) or declines a proposed time; answers the proposal' })
  respondToProposedTime(@Arg('input', () => RespondToProposedTimeInput) input: RespondToProposedTimeInput, @Ctx() ctx: GraphQLContext) {
    return ctx.services.conversations.respond(ctx, { ...input });
  }

  @Mutation(() => ConversationType, { description: 'The viewer read the conversation up to now (the other side sees "Seen"; its notifications are read)' })
  markConversationRead(@Arg('conversationId', () => ID) conversationId: string, @Ctx() ctx: GraphQLContext) {
    return ctx.services.conversations.markRead(ctx, conversationId);
  }

  @Mutation(() => Boolean, { description: 'The viewer is typing (send every few seconds while typing; nothing is stored)' })
  setTyping(@Arg('conversationId', () => ID) conversationId: string, @Ctx() ctx: GraphQLContext) {
    return ctx.services.conversations.setTyping(ctx, conversationId);
  }

  @Subscription(() => MessageType, {
    description: 'New lines of a conversation, live (its members; support on a disputed booking)',
    subscribe: ({ args, context }: { args: { conversationId: string }; context: GraphQLContext }) =>
      context.services.conversations.messagesAdded(context, args.conversationId),
  })
  conversationMessageAdded(@Arg('conversationId', () => ID) _conversationId: string, @Root() message: MessageView): MessageView {
    return message;
  }

  @Subscription(() => ConversationActivityType, {
    description: "The other side's typing and read marks in a conversation, live",
    subscribe: ({ args, context }: { args: { conversationId: string }; context: GraphQLContext }) =>
      context.services.conversations.activity(context, args.conversationId),
  })
  conversationActivity(@Arg('conversationId', () => ID) _conversationId: string, @Root() event: DomainEvents['conversationActivity']): ConversationActivityType {
    return { ...event, at: new Date(event.at) } as ConversationActivityType;
  }
}

/** The files a message was sent with, with download links for the viewer. */
@Resolver(() => MessageType)
export class MessageFilesResolver {
  @FieldResolver(() => [FileType], { description: 'Files sent with the message (images, PDFs, videos), with short-lived download links' })
  @Extensions({ listSize: MESSAGE_FILES_MAX })
  async files(@Root() message: MessageView, @Ctx() ctx: GraphQLContext): Promise<FileType[]> {
    return (await ctx.services.conversations.filesOf(ctx, message)).map(fileType);
  }

  @FieldResolver(() => String, {
    description:
      'The message in one line, as the Messages list and the bell show it: whitespace collapsed, at most 80 characters cut on a word with "…"; a message of files only by its files ("📎 brief.pdf", "📎 3 files")',
  })
  async preview(@Root() message: MessageView, @Ctx() ctx: GraphQLContext): Promise<string> {
    const filesOnly = message.text.trim() === '' && message.fileIds.length > 0;
    return messagePreview(message.text, filesOnly ? await ctx.services.conversations.filesOf(ctx, message) : []);
  }
}
