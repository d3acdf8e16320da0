import { z } from 'zod';
import { AccountType } from '../users/user.entity';
import { passwordWeakness } from './password-strength';

/** Validation of account input; shared by GraphQL and REST because the service applies it. */

export const PASSWORD_MIN_LENGTH = 8;

const email = z
  .string({ error: 'email is required' })
  .trim()
  .min(1, 'email is required')
  .max(254, 'email is too long')
  .pipe(z.email({ error: 'email must be a valid email address' }));

const newPassword = (field: string) =>
  z
    .string({ error: `${field} is required` })
    .min(PASSWORD_MIN_LENGTH, `${field} must be at least ${PASSWORD_MIN_LENGTH} characters`)
    .max(256, `${field} must be at most 256 characters`)
    // Common and guessable passwords are refused with zxcvbn's reason (password-strength.ts).
    .superRefine((password, ctx) => {
      const weakness = passwordWeakness(password, field);
      if (weakness) ctx.addIssue({ code: 'custom', message: weakness });
    });

const accountType = z
  .string({ error: 'accountType is required (creator or brand)' })
  .transform((v) => v.toLowerCase())
  .pipe(z.enum(AccountType, { error: 'accountType must be creator or brand' }));

export const RegisterSchema = z.object({ email, password: newPassword('password'), accountType });
export const LoginSchema = z.object({
  email,
  password: z.string({ error: 'password is required' }).min(1, 'password is required').max(256, 'password is too long'),
  /** Two-step sign-in: a current TOTP code or a recovery code (two-factor.ts). */
  code: z.string({ error: 'code must be a string' }).trim().max(64, 'code is too long').optional().nullable(),
});
export const ChangePasswordSchema = z.object({
  currentPassword: z.string({ error: 'currentPassword is required' }).min(1, 'currentPassword is required').max(256),
  newPassword: newPassword('newPassword'),
});
export const RefreshSchema = z.object({
  refreshToken: z.string({ error: 'refreshToken is required' }).min(1, 'refreshToken is required').max(512),
});

export type RegisterInput = z.input<typeof RegisterSchema>;
export type LoginInput = z.input<typeof LoginSchema>;
export type ChangePasswordInput = z.input<typeof ChangePasswordSchema>;
