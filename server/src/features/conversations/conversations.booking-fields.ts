import { Ctx, FieldResolver, Resolver, Root } from 'type-graphql';
import type { GraphQLContext } from '../../platform/graphql/context';
import { BookingType } from '../bookings';
import { ConversationType, MessageType } from './conversations.types';

/** What a booking card shows of its conversation: the thread to open (with its unread count) and a proposed time awaiting an answer. */
@Resolver(() => BookingType)
export class BookingConversationFieldsResolver {
  @FieldResolver(() => ConversationType, { nullable: true, description: "The booking's conversation as the viewer sees it (null until it has one, or for support)" })
  conversation(@Root() booking: { id: string }, @Ctx() ctx: GraphQLContext) {
    return ctx.services.conversations.bookingCardConversation(ctx, booking.id);
  }

  @FieldResolver(() => MessageType, { nullable: true, description: 'The proposed time waiting for the booker’s answer (the newest), if any' })
  openProposal(@Root() booking: { id: string }, @Ctx() ctx: GraphQLContext) {
    return ctx.services.conversations.openProposalOf(ctx, booking.id);
  }
}
