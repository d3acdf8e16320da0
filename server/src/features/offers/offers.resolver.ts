import { Arg, Ctx, FieldResolver, ID, Mutation, Query, Resolver, Root } from 'type-graphql';
import type { GraphQLContext } from '../../platform/graphql/context';
import { perRequestLoader } from '../../platform/shared/loaders';
import { MessageType } from '../conversations';
import type { OfferView } from './offers.service';
import { AcceptOfferResultType, OfferTermsInput, OfferType } from './offers.types';

/** Thin: the service holds the rules. */
@Resolver(() => OfferType)
export class OffersResolver {
  @Query(() => OfferType)
  offer(@Arg('id', () => ID) id: string, @Ctx() ctx: GraphQLContext) {
    return ctx.services.offers.get(ctx, id);
  }

  @Query(() => [OfferType], { description: 'The offers of a conversation, oldest first' })
  conversationOffers(@Arg('conversationId', () => ID) conversationId: string, @Ctx() ctx: GraphQLContext) {
    return ctx.services.offers.ofConversation(ctx, conversationId);
  }

  @Mutation(() => OfferType)
  sendOffer(@Arg('conversationId', () => ID) conversationId: string, @Arg('input', () => OfferTermsInput) input: OfferTermsInput, @Ctx() ctx: GraphQLContext) {
    return ctx.services.offers.send(ctx, conversationId, input);
  }

  @Mutation(() => OfferType, { description: 'Answers with new terms: a new version; this one becomes COUNTERED' })
  counterOffer(@Arg('offerId', () => ID) offerId: string, @Arg('input', () => OfferTermsInput) input: OfferTermsInput, @Ctx() ctx: GraphQLContext) {
    return ctx.services.offers.counter(ctx, offerId, input);
  }

  @Mutation(() => AcceptOfferResultType, { description: 'Accepts (the brand: holds the booking and opens the payment; again after the creator accepted the brand’s offer: pays)' })
  acceptOffer(@Arg('offerId', () => ID) offerId: string, @Ctx() ctx: GraphQLContext) {
    return ctx.services.offers.accept(ctx, offerId);
  }

  @Mutation(() => OfferType)
  declineOffer(@Arg('offerId', () => ID) offerId: string, @Ctx() ctx: GraphQLContext) {
    return ctx.services.offers.decline(ctx, offerId);
  }

  @Mutation(() => OfferType)
  withdrawOffer(@Arg('offerId', () => ID) offerId: string, @Ctx() ctx: GraphQLContext) {
    return ctx.services.offers.withdraw(ctx, offerId);
  }
}

/** A thread's offer line carries its offer (batched per request). */
@Resolver(() => MessageType)
export class MessageOfferResolver {
  @FieldResolver(() => OfferType, { nullable: true, description: 'Offer lines: the offer its card shows' })
  offer(@Root() message: { offerId: string | null }, @Ctx() ctx: GraphQLContext): Promise<OfferView | null> | null {
    if (!message.offerId) return null;
    return perRequestLoader<string, OfferView | null>(ctx, 'offers:byId', (ids) => ctx.services.offers.byIds(ctx, ids)).load(message.offerId);
  }
}
