import { Ctx, FieldResolver, Resolver, Root } from 'type-graphql';
import type { GraphQLContext } from '../../platform/graphql/context';
import { BrandType } from '../brands';
import { ConversationPartyType } from './conversations.types';

/** What a conversation header shows of a brand on the other side: its logo, name, rating, about and page. */
@Resolver(() => ConversationPartyType)
export class ConversationPartyFieldsResolver {
  @FieldResolver(() => BrandType, { nullable: true, description: 'Their public brand profile, if they are a brand (link to /brand/{id}); batched per request' })
  brand(@Root() party: { userId: string }, @Ctx() ctx: GraphQLContext) {
    return ctx.services.brands.brandOfUser(ctx, party.userId);
  }
}
