import { useApolloClient } from '@apollo/client';
import { useEffect, useState } from 'react';
import { PASSWORD_MAX_LENGTH, type PasswordAccount } from '../lib/password-rules';
import { checkPasswordStrength, type PasswordStrength } from '../lib/password-strength';

export interface PasswordStrengthState {
  /** The strength of the latest password checked (null: nothing typed yet, or no answer yet). */
  strength: PasswordStrength | null;
  /** True while `strength` is not yet about the password as typed now. */
  pending: boolean;
}

/** How long typing must pause before the server is asked (a burst of keys is one question). */
const PAUSE_MS = 250;

/** The live strength of `password`, asked of the server once typing pauses. */
export function usePasswordStrength(password: string, account?: PasswordAccount): PasswordStrengthState {
  const client = useApolloClient();
  const email = account?.email ?? null;
  const displayName = account?.displayName ?? null;
  const [result, setResult] = useState<{ password: string; strength: PasswordStrength } | null>(null);

  useEffect(() => {
    if (!password || password.length > PASSWORD_MAX_LENGTH) return;
    let current = true;
    const timer = setTimeout(() => {
      checkPasswordStrength(client, password, { email, displayName })
        .then((strength) => {
          if (current) setResult({ password, strength });
        })
        .catch(() => undefined);
    }, PAUSE_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [client, password, email, displayName]);

  if (!password) return { strength: null, pending: false };
  return { strength: result?.strength ?? null, pending: result?.password !== password };
}
