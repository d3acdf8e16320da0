import { Arg, Ctx, ID, Int, Mutation, Query, Resolver } from 'type-graphql';
import type { GraphQLContext } from '../../platform/graphql/context';
import { BookingDisputeType } from '../bookings';
import { User } from '../users';
import {
  AccountActivityType,
  AddDisputeStatementInput,
  DisputeListStatus,
  ResolveDisputeInput,
  SupportAccountMatchType,
  SupportAuditEntryType,
  UserWarningType,
  WarnUserInput,
} from './support.types';

/** Support staff only (FORBIDDEN otherwise), except addDisputeStatement (the other party). */
@Resolver()
export class SupportResolver {
  @Query(() => [BookingDisputeType], { description: 'Disputes for support staff (oldest first)' })
  supportDisputes(
    @Arg('status', () => DisputeListStatus, { nullable: true, defaultValue: DisputeListStatus.OPEN }) status: DisputeListStatus,
    @Ctx() ctx: GraphQLContext,
  ) {
    return ctx.services.support.disputes(ctx, { status });
  }

  @Query(() => User, { nullable: true, description: 'Support staff: the account with this e-mail (case-insensitive), null if there is none' })
  supportUserByEmail(@Arg('email', () => String) email: string, @Ctx() ctx: GraphQLContext) {
    return ctx.services.support.userByEmail(ctx, email);
  }

  @Query(() => [SupportAccountMatchType], {
    description: 'Support staff: up to 10 accounts whose e-mail or display name contains the text (case-insensitive), exact e-mail first',
  })
  supportUserSearch(@Arg('query', () => String) query: string, @Ctx() ctx: GraphQLContext) {
    return ctx.services.support.searchUsers(ctx, query);
  }

  @Query(() => [SupportAuditEntryType], { description: "Support staff: the audit log of support actions, newest first; one account's with userId (first: 1-50, default 50)" })
  async supportAuditLog(
    @Arg('userId', () => ID, { nullable: true }) userId: string | null,
    @Arg('first', () => Int, { nullable: true }) first: number | null,
    @Ctx() ctx: GraphQLContext,
  ) {
    const rows = await ctx.services.support.auditLog(ctx, { userId, first });
    return rows.map((r) => ({ ...r, metadataJson: JSON.stringify(r.metadata) }));
  }

  @Query(() => [AccountActivityType], { description: 'What support did to your account (revoked keys, disabled endpoints, dispute decisions, warnings), newest first, with the reasons' })
  myAccountActivity(@Ctx() ctx: GraphQLContext) {
    return ctx.services.support.accountActivity(ctx);
  }

  @Mutation(() => BookingDisputeType)
  resolveDispute(@Arg('input', () => ResolveDisputeInput) input: ResolveDisputeInput, @Ctx() ctx: GraphQLContext) {
    return ctx.services.support.resolveDispute(ctx, input);
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
