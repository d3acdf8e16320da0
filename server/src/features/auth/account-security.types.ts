import { Field, ID, InputType, Int, ObjectType } from 'type-graphql';
import type { SessionView } from './sessions-list';
import type { TwoFactorSetup } from './two-factor';

@ObjectType('TwoFactorSetup', { description: 'A new TOTP secret to add to an authenticator app; two-step sign-in is on once enableTwoFactor gets its first code' })
export class TwoFactorSetupType implements TwoFactorSetup {
  @Field(() => String, { description: 'Base32 secret, for typing it in instead of scanning' })
  secret!: string;

  @Field(() => String, { description: 'otpauth://totp/… URL (what the QR code holds)' })
  otpauthUrl!: string;

  @Field(() => String, { description: 'The otpauth URL as a QR code (PNG data URL)' })
  qrDataUrl!: string;
}

@ObjectType('TwoFactorEnabled', { description: 'Two-step sign-in is on; the recovery codes are shown in this answer only' })
export class TwoFactorEnabledType {
  @Field(() => [String], { description: 'Ten single-use codes that stand in for the app at sign-in' })
  recoveryCodes!: string[];
}

@ObjectType('TwoFactorStatus')
export class TwoFactorStatusType {
  @Field(() => Boolean)
  enabled!: boolean;

  @Field(() => Date, { nullable: true })
  enabledAt!: Date | null;

  @Field(() => Int, { description: 'Recovery codes not used yet' })
  recoveryCodesLeft!: number;
}

@InputType()
export class DisableTwoFactorInput {
  @Field(() => String)
  password!: string;

  @Field(() => String, { description: 'A current code from the authenticator app, or a recovery code' })
  code!: string;
}

@ObjectType('AccountSession', { description: 'One place where the account is signed in' })
export class AccountSessionType implements SessionView {
  @Field(() => ID)
  id!: string;

  @Field(() => Boolean, { description: 'The session making this request' })
  current!: boolean;

  @Field(() => String, { nullable: true })
  userAgent!: string | null;

  @Field(() => String, { nullable: true, description: 'The user agent made readable, e.g. "Firefox 128 on Linux"' })
  device!: string | null;

  @Field(() => String, { nullable: true, description: 'Client address at sign-in or the last refresh' })
  ip!: string | null;

  @Field(() => Date, { description: 'Signed in at' })
  createdAt!: Date;

  @Field(() => Date, { description: 'Last seen (sign-in or the last token refresh)' })
  lastSeenAt!: Date;
}
