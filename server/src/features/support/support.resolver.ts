import { Arg, Ctx, Mutation, Query, Resolver } from 'type-graphql';
import type { GraphQLContext } from '../../graphql/context';
import { BookingDisputeType } from '../bookings/bookings.types';
import type { SupportDisputeView } from './support.service';
import { AddDisputeStatementInput, DisputeListStatus, ResolveDisputeInput, SupportDisputeType, UserWarningType, WarnUserInput } from './support.types';

const toSupportDispute = ({ dispute: d, booking, booker, bookerName, creator, creatorEmail, openedBy }: SupportDisputeView) => ({
  ...d,
  evidence: d.evidence ?? null,
  respondentStatement: d.respondentStatement ?? null,
  resolution: d.resolution ?? null,
  refundCents: d.refundCents ?? null,
  resolutionNote: d.resolutionNote ?? null,
  resolvedAt: d.resolvedAt ?? null,
  openedBy,
  booking,
  bookerId: booker.id,
  bookerName,
  bookerEmail: booker.email,
  creatorUserId: creator.user.id,
  creatorName: creator.displayName,
  creatorEmail,
});

/** Support staff only (FORBIDDEN otherwise), except addDisputeStatement (the other party). */
@Resolver()
export class SupportResolver {
  @Query(() => [SupportDisputeType], { description: 'Disputes for support staff (oldest first)' })
  async supportDisputes(
    @Arg('status', () => DisputeListStatus, { nullable: true, defaultValue: DisputeListStatus.OPEN }) status: DisputeListStatus,
    @Ctx() ctx: GraphQLContext,
  ) {
    return (await ctx.services.support.disputes(ctx, { status })).map(toSupportDispute);
  }

  @Mutation(() => SupportDisputeType)
  async resolveDispute(@Arg('input', () => ResolveDisputeInput) input: ResolveDisputeInput, @Ctx() ctx: GraphQLContext) {
    return toSupportDispute(await ctx.services.support.resolveDispute(ctx, input));
  }

  @Mutation(() => UserWarningType)
  async warnUser(@Arg('input', () => WarnUserInput) input: WarnUserInput, @Ctx() ctx: GraphQLContext) {
    const { warning, warningCount } = await ctx.services.support.warnUser(ctx, input);
    return { ...warning, bookingId: warning.bookingId ?? null, warningCount };
  }

  @Mutation(() => BookingDisputeType, { description: "The other party's side of an open dispute" })
  async addDisputeStatement(@Arg('input', () => AddDisputeStatementInput) input: AddDisputeStatementInput, @Ctx() ctx: GraphQLContext) {
    const dispute = await ctx.services.support.addDisputeStatement(ctx, input);
    return ctx.services.bookings.disputeOf(ctx, await ctx.services.bookings.get(ctx, dispute.bookingId));
  }
}
