import type { PasswordStrength } from './zxcvbn';

/** The server refuses a new password scoring below this (zxcvbn score 0-4); so does the form. */
export const MIN_PASSWORD_SCORE = 3;

// The estimator's answer is typed where it is made (zxcvbn.ts); a type-only import keeps its chunk lazy.
export type { PasswordStrength } from './zxcvbn';

export const STRENGTH_LABELS = ['Very weak', 'Weak', 'Fair', 'Strong', 'Very strong'] as const;

export const PASSWORD_MESSAGES = {
  tooWeak: 'Choose a stronger password: it must rate at least "Strong".',
  checking: 'Checking the password strength…',
} as const;

let loading: Promise<(password: string) => PasswordStrength> | null = null;

/**
 * Loads the estimator on first use (a dynamic import, so the auth page's first script does not
 * carry the dictionaries) and resolves to its check function.
 */
export function loadPasswordChecker(): Promise<(password: string) => PasswordStrength> {
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
export async function weakPasswordMessage(password: string): Promise<string | null> {
  let check: (password: string) => PasswordStrength;
  try {
    check = await loadPasswordChecker();
  } catch {
    return null; // the estimator did not load (offline?): the server applies the same rule
  }
  return isStrongEnough(check(password)) ? null : PASSWORD_MESSAGES.tooWeak;
}
