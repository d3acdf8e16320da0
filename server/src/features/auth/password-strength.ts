import { ZxcvbnFactory, type OptionsType } from '@zxcvbn-ts/core';
import { adjacencyGraphs, dictionary as commonDictionary } from '@zxcvbn-ts/language-common';
import { dictionary as enDictionary, translations } from '@zxcvbn-ts/language-en';

/**
 * The password-strength rule (zxcvbn-ts, a well-kept port of Dropbox's estimator): a new password
 * must score at least PASSWORD_MIN_SCORE (3: "safely unguessable", about 10^8 guesses), judged with
 * the common-password and English dictionaries, keyboard-pattern graphs and English feedback, and
 * no per-user inputs. The web client's live meter (client/src/features/auth/lib/zxcvbn.ts) uses these
 * same options, so it never calls strong what the server refuses.
 */
export const PASSWORD_MIN_SCORE = 3;

export const PASSWORD_STRENGTH_OPTIONS: OptionsType = {
  dictionary: { ...commonDictionary, ...enDictionary },
  graphs: adjacencyGraphs,
  translations,
};

let estimator: ZxcvbnFactory | undefined;

/** Why `password` is too weak, as a message naming `field` with zxcvbn's warning and suggestions; null when it is strong enough. */
export function passwordWeakness(password: string, field: string): string | null {
  estimator ??= new ZxcvbnFactory(PASSWORD_STRENGTH_OPTIONS);
  const result = estimator.check(password);
  if (result.score >= PASSWORD_MIN_SCORE) return null;
  const advice = [result.feedback.warning, ...result.feedback.suggestions].filter(Boolean).map((s) => s!.replace(/\.?$/, '.'));
  if (advice.length === 0) advice.push('Use a few uncommon words together, or a longer phrase.');
  return `${field} is too easy to guess: ${advice.join(' ')}`;
}
