import { Field, ID, InputType, Int, ObjectType, registerEnumType } from 'type-graphql';
import { AccountType } from '../users';
import { DisputeResolution } from '../bookings';

export enum DisputeListStatus {
  OPEN = 'open',
  RESOLVED = 'resolved',
  ALL = 'all',
}

registerEnumType(DisputeListStatus, { name: 'DisputeListStatus' });

@ObjectType('UserWarning', { description: 'A warning support issued to a user' })
export class UserWarningType {
  @Field(() => ID)
  id!: string;

  @Field(() => ID)
  userId!: string;

  @Field(() => String)
  reason!: string;

  @Field(() => ID, { nullable: true })
  bookingId!: string | null;

  @Field(() => Date)
  createdAt!: Date;

  @Field(() => Int, { description: "The user's warnings so far, this one included" })
  warningCount!: number;
}

@InputType()
export class ResolveDisputeInput {
  @Field(() => ID)
  disputeId!: string;

  @Field(() => DisputeResolution, {
    description: 'REFUND_FULL: cancelled/refunded. REFUND_PARTIAL: refundCents back, the fee is 10% of the rest, the creator gets the remainder. RELEASE: completed/allocated',
  })
  resolution!: DisputeResolution;

  @Field(() => Int, { nullable: true, description: 'Required for REFUND_PARTIAL: 1 to total - 1' })
  refundCents?: number | null;

  @Field(() => String, { nullable: true, description: 'Why (required; both parties read it in their account activity)' })
  note?: string | null;
}

@InputType()
export class WarnUserInput {
  @Field(() => ID)
  userId!: string;

  @Field(() => String)
  reason!: string;

  @Field(() => ID, { nullable: true })
  bookingId?: string | null;
}

@InputType()
export class AddDisputeStatementInput {
  @Field(() => ID)
  disputeId!: string;

  @Field(() => String)
  statement!: string;
}

@ObjectType('SupportAccountMatch', { description: "An account support's search found" })
export class SupportAccountMatchType {
  @Field(() => ID)
  id!: string;

  @Field(() => String)
  email!: string;

  @Field(() => AccountType)
  accountType!: AccountType;

  @Field(() => String, { nullable: true, description: 'The profile display name (null: no profile yet)' })
  displayName!: string | null;

  @Field(() => Date)
  createdAt!: Date;
}

@ObjectType('SupportAuditEntry', { description: "A support action that changed an account's data, as support's audit log keeps it (append-only)" })
export class SupportAuditEntryType {
  @Field(() => ID)
  id!: string;

  @Field(() => ID, { description: 'The support staff member who acted' })
  actorId!: string;

  @Field(() => String, { nullable: true })
  actorEmail!: string | null;

  @Field(() => String, { description: 'What was done: api_key.revoked, webhook_endpoint.disabled, dispute.resolved, user.warned, …' })
  action!: string;

  @Field(() => ID, { description: 'The account acted on' })
  targetUserId!: string;

  @Field(() => String, { nullable: true })
  targetEmail!: string | null;

  @Field(() => ID, { nullable: true, description: 'The key, endpoint, booking or warning acted on' })
  subjectId!: string | null;

  @Field(() => String)
  reason!: string;

  @Field(() => String, { description: 'What was done, in words' })
  summary!: string;

  @Field(() => String, { description: 'Details of the action as JSON (a key name, an endpoint URL, a refund…)' })
  metadataJson!: string;

  @Field(() => Date)
  at!: Date;
}

@ObjectType('AccountActivity', { description: 'Something support did to your account, and why' })
export class AccountActivityType {
  @Field(() => ID)
  id!: string;

  @Field(() => String, { description: 'api_key.revoked, webhook_endpoint.disabled, dispute.resolved, user.warned, …' })
  action!: string;

  @Field(() => String, { description: 'What was done, in words' })
  summary!: string;

  @Field(() => String, { description: 'Why, as support wrote it' })
  reason!: string;

  @Field(() => ID, { nullable: true, description: 'The key, endpoint, booking or warning concerned' })
  subjectId!: string | null;

  @Field(() => Date)
  at!: Date;
}
