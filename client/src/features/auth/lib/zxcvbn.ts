import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { adjacencyGraphs, dictionary as commonDictionary } from '@zxcvbn-ts/language-common';
import { dictionary as enDictionary, translations } from '@zxcvbn-ts/language-en';
import { L33T_MAX_SUBSTITUTIONS, PASSWORD_STRENGTH_CHARS } from './password-rules';

/**
 * The estimator itself, in its own chunk (~800 KB of dictionaries): only `password-strength.ts`
 * imports it, dynamically. Same options as the server's rule
 * (server/src/features/auth/password-strength.ts): common + English dictionaries, keyboard
 * graphs, English feedback, the account's words as user inputs.
 */
const zxcvbn = new ZxcvbnFactory({
  dictionary: { ...commonDictionary, ...enDictionary },
  graphs: adjacencyGraphs,
  translations,
  l33tMaxSubstitutions: L33T_MAX_SUBSTITUTIONS,
  maxLength: PASSWORD_STRENGTH_CHARS,
});

export interface PasswordStrength {
  /** zxcvbn's 0 (guessable in seconds) to 4 (very hard to guess). */
  score: 0 | 1 | 2 | 3 | 4;
  /** Why it is weak ("This is a top-100 common password"), when zxcvbn has a reason. */
  warning: string | null;
  suggestions: string[];
}

/**
 * As the server: only the first PASSWORD_STRENGTH_CHARS characters are judged (bounded time), and
 * the account's own words (`passwordUserInputs`) count against the password.
 */
export function checkPassword(password: string, userInputs: string[] = []): PasswordStrength {
  const result = zxcvbn.check(password.slice(0, PASSWORD_STRENGTH_CHARS), userInputs);
  return {
    score: result.score,
    warning: result.feedback.warning || null,
    suggestions: result.feedback.suggestions,
  };
}
