import { Directive, Field, ID, Int, ObjectType, registerEnumType } from 'type-graphql';
import { INHERIT_HINT } from '../../platform/graphql/cache-policy';

export enum PaymentProviderName {
  LOCAL = 'local',
  STRIPE = 'stripe',
}

export enum PaymentIntentStatus {
  REQUIRES_PAYMENT_METHOD = 'requires_payment_method',
  REQUIRES_CONFIRMATION = 'requires_confirmation',
  REQUIRES_ACTION = 'requires_action',
  PROCESSING = 'processing',
  REQUIRES_CAPTURE = 'requires_capture',
  SUCCEEDED = 'succeeded',
  CANCELED = 'canceled',
}

registerEnumType(PaymentProviderName, {
  name: 'PaymentProviderName',
  description: 'LOCAL: the built-in test provider (no network); STRIPE: Stripe',
});
registerEnumType(PaymentIntentStatus, {
  name: 'PaymentIntentStatus',
  description: "A payment authorization's state; REQUIRES_CAPTURE means the funds are authorized and held",
});

@ObjectType('ConnectStatus', { description: "The viewer's payment-provider connected account" })
export class ConnectStatusType {
  @Field(() => Boolean, { description: 'An account exists' })
  connected!: boolean;

  @Field(() => Boolean)
  onboardingComplete!: boolean;

  @Field(() => Boolean)
  chargesEnabled!: boolean;

  @Field(() => Boolean)
  payoutsEnabled!: boolean;
}

@ObjectType({ description: "The provider's onboarding page; open it in a new tab" })
export class ConnectOnboarding {
  @Field(() => String)
  url!: string;
}

@ObjectType()
export class TestFundsResult {
  @Field(() => Int)
  amountAddedCents!: number;

  @Field(() => Int, { description: "The platform's available balance after the top-up" })
  newAvailableBalanceCents!: number;
}

@ObjectType({ description: 'A payment confirmed with the local card form' })
export class LocalPaymentResult {
  @Field(() => ID)
  id!: string;

  @Field(() => PaymentIntentStatus)
  status!: PaymentIntentStatus;

  @Field(() => String)
  clientSecret!: string;
}

@Directive(INHERIT_HINT)
@ObjectType({ description: 'Which card form to render' })
export class PaymentConfig {
  @Field(() => PaymentProviderName)
  provider!: PaymentProviderName;

  @Field(() => String, { nullable: true, description: "Stripe's publishable key; null with the local provider" })
  publishableKey!: string | null;
}
