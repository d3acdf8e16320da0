import { ZxcvbnFactory, type OptionsType } from '@zxcvbn-ts/core';
import { adjacencyGraphs, dictionary as commonDictionary } from '@zxcvbn-ts/language-common';
import { dictionary as enDictionary, translations } from '@zxcvbn-ts/language-en';

/**
 * The password-strength rule (zxcvbn-ts, a well-kept port of Dropbox's estimator): a new password
 * must score at least PASSWORD_MIN_SCORE (3: "safely unguessable", about 10^8 guesses), judged with
 * the common-password and English dictionaries, keyboard-pattern graphs and English feedback, and
 * the account's own words as user inputs (the product's name, the e-mail, its local part, the
 * display name): "CollabHub2026!" or the user's name are guesses an attacker tries first.
 *
 * Bounded in time: zxcvbn's matching grows fast with the length (a 256-character password took
 * about 5 s of event loop), so it judges only the first PASSWORD_STRENGTH_CHARS characters; a
 * longer password is at least as strong as its prefix, and the length itself is capped at
 * PASSWORD_MAX_LENGTH before any work (auth.inputs.ts). The web client's live meter
 * asks this estimator itself as the user types (`passwordStrength` mutation), so it never calls
 * strong what the server refuses, and no form downloads the dictionaries.
 */
export const PASSWORD_MIN_SCORE = 3;
export const PASSWORD_STRENGTH_CHARS = 64;
export const L33T_MAX_SUBSTITUTIONS = 8;

export const PASSWORD_STRENGTH_OPTIONS: OptionsType = {
  dictionary: { ...commonDictionary, ...enDictionary },
  graphs: adjacencyGraphs,
  translations,
  // The l33t matcher tries every combination of look-alike characters (1/l/i, 3/e, 0/o…): with the
  // default cap (100) a digit-heavy password took seconds. A few substitutions catch "p4ssw0rd".
  l33tMaxSubstitutions: L33T_MAX_SUBSTITUTIONS,
  maxLength: PASSWORD_STRENGTH_CHARS,
};

/** The words that count against a password of this account: the product, the address, its local part, the name. */
export function passwordUserInputs(account: { email?: string | null; displayName?: string | null }): string[] {
  const words = ['CollabHub', 'collab', 'hub'];
  const email = account.email?.trim().toLowerCase();
  if (email) {
    words.push(email);
    const local = email.split('@')[0];
    if (local) words.push(local, ...local.split(/[._+-]+/).filter((w) => w.length >= 3));
  }
  const name = account.displayName?.trim();
  if (name) words.push(name, ...name.split(/\s+/).filter((w) => w.length >= 3));
  return [...new Set(words)];
}

let estimator: ZxcvbnFactory | undefined;

/** What the forms' live meter shows (zxcvbn's score 0-4 and its advice): the same estimate as the rule below. */
export interface PasswordStrengthView {
  score: number;
  /** The score the rule asks for (PASSWORD_MIN_SCORE). */
  minScore: number;
  warning: string | null;
  suggestions: string[];
}

/** The strength of a password for an account (the first PASSWORD_STRENGTH_CHARS characters, the account's words counted against it). */
export function passwordStrength(password: string, account: { email?: string | null; displayName?: string | null }): PasswordStrengthView {
  estimator ??= new ZxcvbnFactory(PASSWORD_STRENGTH_OPTIONS);
  const result = estimator.check(password.slice(0, PASSWORD_STRENGTH_CHARS), passwordUserInputs(account));
  return { score: result.score, minScore: PASSWORD_MIN_SCORE, warning: result.feedback.warning || null, suggestions: result.feedback.suggestions };
}

/** Why `password` is too weak, as a message naming `field` with zxcvbn's warning and suggestions; null when it is strong enough. */
export function passwordWeakness(password: string, field: string, userInputs: string[] = passwordUserInputs({})): string | null {
  estimator ??= new ZxcvbnFactory(PASSWORD_STRENGTH_OPTIONS);
  const result = estimator.check(password.slice(0, PASSWORD_STRENGTH_CHARS), userInputs);
  if (result.score >= PASSWORD_MIN_SCORE) return null;
  const advice = [result.feedback.warning, ...result.feedback.suggestions].filter(Boolean).map((s) => s!.replace(/\.?$/, '.'));
  if (advice.length === 0) advice.push('Use a few uncommon words together, or a longer phrase.');
  return `${field} is too easy to guess: ${advice.join(' ')}`;
}
