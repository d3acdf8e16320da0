import { Arg, Ctx, FieldResolver, ID, Mutation, Query, Resolver, Root } from 'type-graphql';
import type { GraphQLContext } from '../../platform/graphql/context';
import { User, UserRole } from '../users';
import { AccountSessionType, DisableTwoFactorInput, TwoFactorEnabledType, TwoFactorSetupType, TwoFactorStatusType } from './account-security.types';

/** Two-step sign-in and the list of sessions (two-factor.ts, sessions-list.ts). */
@Resolver()
export class AccountSecurityResolver {
  @Query(() => TwoFactorStatusType, { description: "The viewer's two-step sign-in" })
  twoFactorStatus(@Ctx() ctx: GraphQLContext) {
    return ctx.services.twoFactor.myStatus(ctx);
  }

  @Mutation(() => TwoFactorSetupType, { description: 'Starts enrolment: a new secret and its QR code' })
  setupTwoFactor(@Ctx() ctx: GraphQLContext) {
    return ctx.services.twoFactor.setup(ctx);
  }

  @Mutation(() => TwoFactorEnabledType, { description: 'Turns two-step sign-in on with the first code of the secret from setupTwoFactor' })
  enableTwoFactor(@Arg('code', () => String) code: string, @Ctx() ctx: GraphQLContext) {
    return ctx.services.twoFactor.enable(ctx, { code });
  }

  @Mutation(() => Boolean, { description: 'Turns two-step sign-in off (password and a current or recovery code)' })
  disableTwoFactor(@Arg('input', () => DisableTwoFactorInput) input: DisableTwoFactorInput, @Ctx() ctx: GraphQLContext) {
    return ctx.services.twoFactor.disable(ctx, { ...input });
  }

  @Query(() => TwoFactorStatusType, { description: "Support: an account's two-step sign-in" })
  supportTwoFactorStatus(@Arg('userId', () => ID) userId: string, @Ctx() ctx: GraphQLContext) {
    return ctx.services.twoFactor.supportStatus(ctx, userId);
  }

  @Mutation(() => Boolean, { description: "Support: turns an account's two-step sign-in off (the owner lost their device); the reason is recorded" })
  supportResetTwoFactor(@Arg('userId', () => ID) userId: string, @Arg('reason', () => String) reason: string, @Ctx() ctx: GraphQLContext) {
    return ctx.services.twoFactor.supportReset(ctx, { userId, reason }).then(() => true);
  }

  @Query(() => [AccountSessionType], { description: "Where the viewer's account is signed in, the most recently seen first" })
  sessions(@Ctx() ctx: GraphQLContext) {
    return ctx.services.authSessions.list(ctx);
  }

  @Mutation(() => Boolean, { description: 'Signs one of your sessions out at once, on every server' })
  revokeSession(@Arg('id', () => ID) id: string, @Ctx() ctx: GraphQLContext) {
    return ctx.services.authSessions.revoke(ctx, id);
  }
}

@Resolver(() => User)
export class UserTwoFactorFieldResolver {
  @FieldResolver(() => Boolean, { nullable: true, description: 'Whether the account has two-step sign-in (only for the account itself and support; null for others)' })
  async twoFactorEnabled(@Root() user: User, @Ctx() ctx: GraphQLContext): Promise<boolean | null> {
    const viewer = ctx.viewer;
    if (!viewer || viewer.partnerKeyId || (viewer.id !== user.id && viewer.role !== UserRole.SUPPORT)) return null;
    return (await ctx.services.twoFactor.status(ctx.em, user.id)).enabled;
  }
}
