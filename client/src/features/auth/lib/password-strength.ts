import { PASSWORD_MAX_LENGTH, passwordUserInputs, type PasswordAccount } from './password-rules';
import type { PasswordStrength } from './zxcvbn';

/** The server refuses a new password scoring below this (zxcvbn score 0-4); so does the form. */
export const MIN_PASSWORD_SCORE = 3;

// The estimator's answer is typed where it is made (zxcvbn.ts); a type-only import keeps its chunk lazy.
export type { PasswordStrength } from './zxcvbn';

export const STRENGTH_LABELS = ['Very weak', 'Weak', 'Fair', 'Strong', 'Very strong'] as const;

export const PASSWORD_MESSAGES = {
  tooWeak: 'Choose a stronger password: it must rate at least "Strong".',
  tooLong: `Use at most ${PASSWORD_MAX_LENGTH} characters.`,
  checking: 'Checking the password strength…',
} as const;

type Checker = (password: string, userInputs?: string[]) => PasswordStrength;
let loading: Promise<Checker> | null = null;

/**
 * Loads the estimator on first use (a dynamic import, so the auth page's first script does not
 * carry the dictionaries) and resolves to its check function.
 */
export function loadPasswordChecker(): Promise<Checker> {
  loading ??= import('./zxcvbn').then((module) => module.checkPassword);
  loading.catch(() => {
    loading = null; // a failed chunk load is retried on the next keystroke
  });
  return loading;
}

export function isStrongEnough(strength: PasswordStrength | null): boolean {
  return strength !== null && strength.score >= MIN_PASSWORD_SCORE;
}

/** Checked again on submit (the meter may lag a keystroke): the message to show, or null when strong enough. */
export async function weakPasswordMessage(password: string, account?: PasswordAccount): Promise<string | null> {
  if (password.length > PASSWORD_MAX_LENGTH) return PASSWORD_MESSAGES.tooLong;
  let check: Checker;
  try {
    check = await loadPasswordChecker();
  } catch {
    return null; // the estimator did not load (offline?): the server applies the same rule
  }
  return isStrongEnough(check(password, passwordUserInputs(account))) ? null : PASSWORD_MESSAGES.tooWeak;
}
