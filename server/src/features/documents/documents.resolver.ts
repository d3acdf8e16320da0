import { Arg, Ctx, FieldResolver, Mutation, Query, Resolver, Root } from 'type-graphql';
import type { GraphQLContext } from '../../platform/graphql/context';
import { BookingType } from '../bookings';
import { BillingDetailsInput, BillingDetailsType, DocumentType } from './documents.types';

@Resolver(() => BookingType)
export class BookingDocumentsResolver {
  @FieldResolver(() => [DocumentType], { description: 'Invoices, receipts, credit notes and payout statements of this booking the viewer may open, oldest first' })
  documents(@Root() booking: { id: string }, @Ctx() ctx: GraphQLContext) {
    return ctx.services.documents.listOf(ctx, booking.id);
  }
}

@Resolver()
export class DocumentsResolver {
  @Query(() => BillingDetailsType, { nullable: true, description: "The viewer's billing details (null until set)" })
  billingDetails(@Ctx() ctx: GraphQLContext) {
    return ctx.services.documents.billingDetails(ctx);
  }

  @Query(() => [DocumentType], { description: "The viewer's documents that belong to no booking (monthly statements), newest first" })
  myStatements(@Ctx() ctx: GraphQLContext) {
    return ctx.services.documents.mine(ctx);
  }

  @Mutation(() => BillingDetailsType, { description: 'Sets the billing details printed on invoices issued from now on (issued documents never change)' })
  updateBillingDetails(@Arg('input', () => BillingDetailsInput) input: BillingDetailsInput, @Ctx() ctx: GraphQLContext) {
    return ctx.services.documents.updateBillingDetails(ctx, input);
  }
}
