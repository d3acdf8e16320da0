import { Field, InputType, Int, ObjectType } from 'type-graphql';
import { AccountType, User } from '../users';

@ObjectType()
export class AuthTokens {
  @Field({ description: 'Short-lived JWT; send as `Authorization: Bearer <token>`' })
  accessToken!: string;

  @Field({ description: 'Single-use; exchange it with `refreshToken` for a new pair' })
  refreshToken!: string;

  @Field()
  accessTokenExpiresAt!: Date;
}

@ObjectType()
export class AuthPayload {
  @Field(() => User)
  user!: User;

  @Field(() => AuthTokens)
  tokens!: AuthTokens;
}

@InputType()
export class RegisterInput {
  @Field()
  email!: string;

  @Field({ description: 'At least 8 characters' })
  password!: string;

  @Field(() => AccountType)
  accountType!: AccountType;
}

@InputType()
export class LoginInput {
  @Field()
  email!: string;

  @Field()
  password!: string;

  @Field(() => String, { nullable: true, description: 'With two-step sign-in: a current code from the authenticator app, or a recovery code' })
  code?: string | null;
}

@InputType()
export class ChangePasswordInput {
  @Field()
  currentPassword!: string;

  @Field()
  newPassword!: string;
}

@InputType()
export class ResetPasswordInput {
  @Field({ description: 'The token of the e-mailed link (`/reset-password?token=…`)' })
  token!: string;

  @Field({ description: 'The new password (8 to 128 characters, not easy to guess)' })
  password!: string;
}

@InputType()
export class ChangeEmailInput {
  @Field({ description: 'The new address; it takes effect once the link e-mailed there is opened' })
  newEmail!: string;

  @Field({ description: 'The current password' })
  password!: string;

  @Field(() => String, { nullable: true, description: 'A current two-step code, when the account has two-step sign-in' })
  code?: string | null;
}

@ObjectType({ description: 'What an account request did, in words to show the user' })
export class AccountMessage {
  @Field()
  message!: string;
}

@InputType('PasswordStrengthInput')
export class PasswordStrengthInput {
  @Field({ description: 'The password being typed (at most 128 characters); it is judged and forgotten, never stored or logged' })
  password!: string;

  @Field(() => String, { nullable: true, description: 'The address of the account it is for (counts against the password)' })
  email?: string | null;

  @Field(() => String, { nullable: true, description: 'The name on the account (counts against the password)' })
  displayName?: string | null;
}

@ObjectType('PasswordStrength', { description: "The server's estimate of a new password (zxcvbn), as the live meter of the forms shows it" })
export class PasswordStrengthType {
  @Field(() => Int, { description: '0 (guessed in seconds) to 4 (very hard to guess)' })
  score!: number;

  @Field(() => Int, { description: 'The score a new password needs' })
  minScore!: number;

  @Field(() => String, { nullable: true, description: 'Why it is weak, when the estimator has a reason' })
  warning!: string | null;

  @Field(() => [String])
  suggestions!: string[];
}
