import { Arg, Ctx, Mutation, Query, Resolver } from 'type-graphql';
import type { GraphQLContext } from '../../platform/graphql/context';
import { User } from '../users';
import { AuthPayload, AuthTokens, ChangePasswordInput, LoginInput, PasswordStrengthInput, PasswordStrengthType, RegisterInput } from './auth.types';

@Resolver()
export class AuthResolver {
  @Query(() => User, { nullable: true, description: 'The signed-in account; null when anonymous' })
  me(@Ctx() ctx: GraphQLContext): Promise<User> | null {
    return ctx.viewer ? ctx.services.auth.me(ctx) : null;
  }

  @Mutation(() => AuthPayload)
  register(@Arg('input', () => RegisterInput) input: RegisterInput, @Ctx() ctx: GraphQLContext) {
    return ctx.services.auth.register(ctx, input);
  }

  @Mutation(() => AuthPayload)
  login(@Arg('input', () => LoginInput) input: LoginInput, @Ctx() ctx: GraphQLContext) {
    return ctx.services.auth.login(ctx, input);
  }

  @Mutation(() => AuthTokens, { description: 'Rotates the refresh token; a reused token revokes its session' })
  async refreshToken(@Arg('refreshToken', () => String) refreshToken: string, @Ctx() ctx: GraphQLContext) {
    return (await ctx.services.auth.refresh(ctx, { refreshToken })).tokens;
  }

  @Mutation(() => Boolean, { description: 'Revokes the given session, or all sessions of the viewer' })
  logout(@Arg('refreshToken', () => String, { nullable: true }) refreshToken: string | null, @Ctx() ctx: GraphQLContext) {
    return ctx.services.auth.logout(ctx, { refreshToken });
  }

  @Mutation(() => PasswordStrengthType, {
    description: "How strong a new password is, as the sign-up and password forms' live meter shows it (a mutation: never cached, never in a URL)",
  })
  passwordStrength(@Arg('input', () => PasswordStrengthInput) input: PasswordStrengthInput, @Ctx() ctx: GraphQLContext) {
    return ctx.services.auth.passwordStrength(input);
  }

  @Mutation(() => AuthPayload)
  changePassword(@Arg('input', () => ChangePasswordInput) input: ChangePasswordInput, @Ctx() ctx: GraphQLContext) {
    return ctx.services.auth.changePassword(ctx, input);
  }
}
