import { Arg, Ctx, Mutation, Resolver } from 'type-graphql';
import type { GraphQLContext } from '../../platform/graphql/context';
import { User } from '../users';
import { AccountMessage, ChangeEmailInput, ResetPasswordInput } from './auth.types';

/** Password reset, e-mail verification and change, suspension: GraphQL mirrors of the REST routes in account.rest.ts. */
@Resolver()
export class AccountResolver {
  @Mutation(() => AccountMessage, { description: 'E-mails a password reset link when an account has this address; the same answer either way' })
  requestPasswordReset(@Arg('email', () => String) email: string, @Ctx() ctx: GraphQLContext) {
    return ctx.services.passwordReset.request(ctx, { email });
  }

  @Mutation(() => AccountMessage, { description: 'Sets a new password with the token of a reset link; every session is signed out' })
  resetPassword(@Arg('input', () => ResetPasswordInput) input: ResetPasswordInput, @Ctx() ctx: GraphQLContext) {
    return ctx.services.passwordReset.reset(ctx, input);
  }

  @Mutation(() => User, { description: 'Verifies an address with the token of its e-mailed link (no sign-in needed); an e-mail change takes effect here' })
  verifyEmail(@Arg('token', () => String) token: string, @Ctx() ctx: GraphQLContext) {
    return ctx.services.emailVerification.verify(ctx, { token });
  }

  @Mutation(() => AccountMessage, { description: "E-mails a new verification link to the signed-in account's address (throttled)" })
  resendVerificationEmail(@Ctx() ctx: GraphQLContext) {
    return ctx.services.emailVerification.resend(ctx);
  }

  @Mutation(() => AccountMessage, { description: 'Starts a change of address: needs the password; takes effect when the link sent to the new address is opened' })
  changeEmail(@Arg('input', () => ChangeEmailInput) input: ChangeEmailInput, @Ctx() ctx: GraphQLContext) {
    return ctx.services.emailVerification.changeEmail(ctx, input);
  }

  @Mutation(() => User, { description: 'Support: suspends an account (signs out every session at once)' })
  suspendUser(@Arg('userId', () => String) userId: string, @Arg('reason', () => String) reason: string, @Ctx() ctx: GraphQLContext) {
    return ctx.services.accountSuspension.suspend(ctx, { userId, reason });
  }

  @Mutation(() => User, { description: 'Support: lifts a suspension' })
  unsuspendUser(@Arg('userId', () => String) userId: string, @Ctx() ctx: GraphQLContext) {
    return ctx.services.accountSuspension.unsuspend(ctx, { userId });
  }
}
