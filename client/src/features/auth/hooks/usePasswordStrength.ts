import { useDeferredValue, useEffect, useState } from 'react';
import { passwordUserInputs, type PasswordAccount } from '../lib/password-rules';
import { loadPasswordChecker, type PasswordStrength } from '../lib/password-strength';

export interface PasswordStrengthState {
  /** The strength of the latest password checked (null: nothing typed, or the estimator is loading). */
  strength: PasswordStrength | null;
  /** True while `strength` is not yet about the password as typed now. */
  pending: boolean;
}

/**
 * The live strength of `password`. The estimator starts loading as soon as a form asking for a
 * new password mounts, so it is usually there before the first keystroke.
 */
export function usePasswordStrength(password: string, account?: PasswordAccount): PasswordStrengthState {
  const deferred = useDeferredValue(password);
  const inputs = passwordUserInputs(account).join('\n');
  const [result, setResult] = useState<{ password: string; strength: PasswordStrength } | null>(null);

  useEffect(() => {
    let current = true;
    loadPasswordChecker()
      .then((check) => {
        if (current && deferred) setResult({ password: deferred, strength: check(deferred, inputs.split('\n')) });
      })
      .catch(() => undefined);
    return () => {
      current = false;
    };
  }, [deferred, inputs]);

  if (!password) return { strength: null, pending: false };
  return { strength: result?.strength ?? null, pending: result?.password !== password };
}
