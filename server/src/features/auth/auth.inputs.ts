import { z } from 'zod';
import { badInput } from '../../platform/shared/errors';
import { AccountType } from '../users';
import { ACCOUNT_TOKEN_PATTERN } from './account-tokens';
import { passwordUserInputs, passwordWeakness } from './password-strength';

/** Validation of account input; shared by GraphQL and REST because the service applies it. */

export const PASSWORD_MIN_LENGTH = 8;
/** Longer passwords are refused before any work (hashing, strength check): 128 is far beyond any passphrase. */
export const PASSWORD_MAX_LENGTH = 128;

const emailField = (field: string) =>
  z
    .string({ error: `${field} is required` })
    .trim()
    .min(1, `${field} is required`)
    .max(254, `${field} is too long`)
    .pipe(z.email({ error: `${field} must be a valid email address` }));
const email = emailField('email');

/**
 * A new password's shape only (length): checked first, before throttles and hashing. Its strength
 * is judged afterwards by `assertStrongPassword`, once the request passed the throttles.
 */
const newPassword = (field: string) =>
  z
    .string({ error: `${field} is required` })
    .min(PASSWORD_MIN_LENGTH, `${field} must be at least ${PASSWORD_MIN_LENGTH} characters`)
    .max(PASSWORD_MAX_LENGTH, `${field} must be at most ${PASSWORD_MAX_LENGTH} characters`);

/** A password given to be checked (sign-in, current password): only its length is bounded. */
const givenPassword = (field: string) =>
  z
    .string({ error: `${field} is required` })
    .min(1, `${field} is required`)
    .max(PASSWORD_MAX_LENGTH, `${field} must be at most ${PASSWORD_MAX_LENGTH} characters`);

/** BAD_USER_INPUT naming `field` when the new password is too easy to guess for this account (zxcvbn, bounded). */
export function assertStrongPassword(password: string, field: string, account: { email?: string | null; displayName?: string | null }): void {
  const weakness = passwordWeakness(password, field, passwordUserInputs(account));
  if (weakness) throw badInput(weakness, field);
}

const accountType = z
  .string({ error: 'accountType is required (creator or brand)' })
  .transform((v) => v.toLowerCase())
  .pipe(z.enum(AccountType, { error: 'accountType must be creator or brand' }));

const token = z
  .string({ error: 'token is required' })
  .trim()
  .min(1, 'token is required')
  .max(200, 'token is not valid')
  .refine((t) => ACCOUNT_TOKEN_PATTERN.test(t), { message: 'This link is not valid: request a new one' });

export const RegisterSchema = z.object({ email, password: newPassword('password'), accountType });
export const LoginSchema = z.object({
  email,
  password: givenPassword('password'),
  /** Two-step sign-in: a current TOTP code or a recovery code (two-factor.ts). */
  code: z.string({ error: 'code must be a string' }).trim().max(64, 'code is too long').optional().nullable(),
});
export const ChangePasswordSchema = z.object({
  currentPassword: givenPassword('currentPassword'),
  newPassword: newPassword('newPassword'),
});
export const RefreshSchema = z.object({
  refreshToken: z.string({ error: 'refreshToken is required' }).min(1, 'refreshToken is required').max(512),
});
export const ForgotPasswordSchema = z.object({ email });
/** The live meter's question: the password as typed so far and the account's words (optional, any text). */
export const PasswordStrengthSchema = z.object({
  password: givenPassword('password'),
  email: z.string({ error: 'email must be text' }).max(320, 'email must be at most 320 characters').nullish(),
  displayName: z.string({ error: 'displayName must be text' }).max(100, 'displayName must be at most 100 characters').nullish(),
});
export const ResetPasswordSchema = z.object({ token, password: newPassword('password') });
export const VerifyEmailSchema = z.object({ token });
export const ChangeEmailSchema = z.object({
  newEmail: emailField('newEmail'),
  password: givenPassword('password'),
  /** A fresh two-step code when the account has two-step sign-in (two-factor.ts). */
  code: z.string({ error: 'code must be a string' }).trim().max(64, 'code is too long').optional().nullable(),
});

export type RegisterInput = z.input<typeof RegisterSchema>;
export type LoginInput = z.input<typeof LoginSchema>;
export type ChangePasswordInput = z.input<typeof ChangePasswordSchema>;
export type ForgotPasswordInput = z.input<typeof ForgotPasswordSchema>;
export type ResetPasswordInput = z.input<typeof ResetPasswordSchema>;
export type VerifyEmailInput = z.input<typeof VerifyEmailSchema>;
export type ChangeEmailInput = z.input<typeof ChangeEmailSchema>;
