import { Arg, Ctx, Directive, ID, Int, Mutation, Query, Resolver } from 'type-graphql';
import { PUBLIC_ROOT_HINT } from '../../platform/graphql/cache-policy';
import type { GraphQLContext } from '../../platform/graphql/context';
import {
  ConnectOnboarding,
  ConnectStatusType,
  LocalPaymentResult,
  PaymentConfig,
  PaymentIntentStatus,
  PaymentProviderName,
  TestFundsResult,
} from './payments.types';

@Resolver()
export class PaymentsResolver {
  @Directive(PUBLIC_ROOT_HINT)
  @Query(() => PaymentConfig, { description: 'Public: which payment provider (and card form) is in use' })
  paymentConfig(@Ctx() ctx: GraphQLContext): PaymentConfig {
    const c = ctx.services.payments.paymentConfig(ctx);
    return { provider: c.provider as PaymentProviderName, publishableKey: c.publishableKey };
  }

  @Query(() => ConnectStatusType, { description: "The viewer's connected account, refreshed from the provider" })
  connectStatus(@Ctx() ctx: GraphQLContext) {
    return ctx.services.payments.connectStatus(ctx);
  }

  @Query(() => String, { description: "The checkout's client secret; only the booking's booker may read it" })
  async paymentIntentClientSecret(@Arg('paymentIntentId', () => ID) paymentIntentId: string, @Ctx() ctx: GraphQLContext) {
    return (await ctx.services.payments.clientSecretFor(ctx, paymentIntentId)).clientSecret;
  }

  @Mutation(() => ConnectOnboarding, { description: 'Creates the connected account once, then returns a fresh onboarding link' })
  createConnectAccount(
    @Arg('returnUrl', () => String, { nullable: true }) returnUrl: string | null,
    @Arg('code', () => String, { nullable: true, description: 'With two-step sign-in: a current code from the authenticator app (else TWO_FACTOR_REQUIRED)' }) code: string | null,
    @Ctx() ctx: GraphQLContext,
  ) {
    return ctx.services.payments.createConnectAccount(ctx, { returnUrl, code });
  }

  @Mutation(() => TestFundsResult, { description: 'Test mode: adds to the platform balance (default 50000 cents)' })
  async addTestFunds(@Arg('amountCents', () => Int, { nullable: true }) amountCents: number | null, @Ctx() ctx: GraphQLContext) {
    const r = await ctx.services.payments.addTestFunds(ctx, { amount: amountCents });
    return { amountAddedCents: r.amountAdded, newAvailableBalanceCents: r.newAvailableBalance };
  }

  @Mutation(() => LocalPaymentResult, {
    description: "The local provider's card form (Stripe test card numbers). Booker's token, or the intent's client secret",
  })
  async confirmLocalPayment(
    @Arg('paymentIntentId', () => ID) paymentIntentId: string,
    @Arg('cardNumber', () => String) cardNumber: string,
    @Arg('expiry', () => String, { nullable: true, description: 'MM/YY' }) expiry: string | null,
    @Arg('cvc', () => String, { nullable: true }) cvc: string | null,
    @Arg('clientSecret', () => String, { nullable: true }) clientSecret: string | null,
    @Ctx() ctx: GraphQLContext,
  ) {
    const r = await ctx.services.payments.confirmLocalPayment(ctx, { paymentIntentId, cardNumber, expiry, cvc, clientSecret });
    return { ...r, status: r.status as PaymentIntentStatus };
  }
}
