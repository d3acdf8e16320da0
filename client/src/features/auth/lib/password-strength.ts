import type { ApolloClient } from '@apollo/client';
import { PasswordStrengthDocument } from '../../../gql/graphql';
import { PASSWORD_MAX_LENGTH, type PasswordAccount } from './password-rules';

/** The server refuses a new password scoring below this (zxcvbn score 0-4); so does the form. */
export const MIN_PASSWORD_SCORE = 3;

export const STRENGTH_LABELS = ['Very weak', 'Weak', 'Fair', 'Strong', 'Very strong'] as const;

export const PASSWORD_MESSAGES = {
  tooWeak: 'Choose a stronger password: it must rate at least "Strong".',
  tooLong: `Use at most ${PASSWORD_MAX_LENGTH} characters.`,
  checking: 'Checking the password strength…',
} as const;

export interface PasswordStrength {
  /** zxcvbn's 0 (guessable in seconds) to 4 (very hard to guess). */
  score: 0 | 1 | 2 | 3 | 4;
  /** Why it is weak ("This is a top-100 common password"), when zxcvbn has a reason. */
  warning: string | null;
  suggestions: string[];
}

/** Answers already had, per password and account (the meter asks again when a user types back). */
const answers = new Map<string, PasswordStrength>();
const MAX_ANSWERS = 50;

/**
 * Asks the server how strong `password` is for this account: the very estimator (zxcvbn with its
 * full dictionaries) that register, reset and change-password apply, so the meter never calls
 * strong what the server refuses, and no form downloads ~700 KB of dictionaries. Rejects when the
 * server cannot be reached.
 */
export async function checkPasswordStrength(
  client: ApolloClient<unknown>,
  password: string,
  account: PasswordAccount = {},
): Promise<PasswordStrength> {
  const input = { password, email: account.email ?? null, displayName: account.displayName ?? null };
  const key = JSON.stringify(input);
  const known = answers.get(key);
  if (known) return known;
  const { data } = await client.mutate({ mutation: PasswordStrengthDocument, variables: { input }, fetchPolicy: 'no-cache' });
  if (!data) throw new Error('no answer');
  const { score, warning, suggestions } = data.passwordStrength;
  const strength: PasswordStrength = { score: Math.min(4, Math.max(0, score)) as PasswordStrength['score'], warning: warning ?? null, suggestions };
  if (answers.size >= MAX_ANSWERS) answers.delete(answers.keys().next().value!);
  answers.set(key, strength);
  return strength;
}

export function isStrongEnough(strength: PasswordStrength | null): boolean {
  return strength !== null && strength.score >= MIN_PASSWORD_SCORE;
}

/** Checked again on submit (the meter may lag a keystroke): the message to show, or null when strong enough. */
export async function weakPasswordMessage(
  client: ApolloClient<unknown>,
  password: string,
  account?: PasswordAccount,
): Promise<string | null> {
  if (password.length > PASSWORD_MAX_LENGTH) return PASSWORD_MESSAGES.tooLong;
  try {
    return isStrongEnough(await checkPasswordStrength(client, password, account)) ? null : PASSWORD_MESSAGES.tooWeak;
  } catch {
    return null; // the check did not answer (offline?): the server applies the same rule on submit
  }
}
