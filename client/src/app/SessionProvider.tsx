import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { AuthContext, type AuthContextValue } from '../features/auth/auth-context';
import { tokenStorage } from '../features/auth/lib/token-storage';
import type { Session, SessionOptions } from './session';
import { startSession } from './session-loader';

type SessionActions = Pick<AuthContextValue, 'signIn' | 'register' | 'signOut' | 'changePassword' | 'signOutEverywhere'>;

/**
 * Shares the session (`useAuth()`) with the app while Apollo Client loads beside the first page
 * (`./session`). Until the session code runs: nobody is signed in, and a stored token means
 * "checking" (the first state `AuthProvider` has too); an action waits for the session, then runs.
 */
export function SessionProvider({ children, onSessionExpired }: SessionOptions & { children: ReactNode }) {
  // Started while rendering (it is idempotent), so pages rendered below can wait for it.
  const [loading] = useState(() => startSession({ onSessionExpired }));
  const [session, setSession] = useState<Session | null>(null);
  const actions = useRef(deferred<SessionActions>());
  const [auth, setAuth] = useState<AuthContextValue>(() => ({
    user: null,
    loading: tokenStorage.getAccessToken() !== null,
    signIn: async (credentials) => (await actions.current.promise).signIn(credentials),
    register: async (details) => (await actions.current.promise).register(details),
    signOut: async () => (await actions.current.promise).signOut(),
    changePassword: async (input) => (await actions.current.promise).changePassword(input),
    signOutEverywhere: async () => (await actions.current.promise).signOutEverywhere(),
  }));

  useEffect(() => {
    let mounted = true;
    loading.then(
      (loaded) => mounted && setSession(loaded),
      (error: unknown) => actions.current.reject(error), // pages show the failure (route error page)
    );
    return () => {
      mounted = false;
    };
  }, [loading]);

  const report = useCallback((next: AuthContextValue) => {
    actions.current.resolve(next);
    setAuth(next);
  }, []);

  return (
    <AuthContext.Provider value={auth}>
      {children}
      {session && <session.SessionEngine onChange={report} />}
    </AuthContext.Provider>
  );
}

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((onResolve, onReject) => {
    resolve = onResolve;
    reject = onReject;
  });
  promise.catch(() => undefined); // rejected only when an action is waiting, or nobody asks
  return { promise, resolve, reject };
}
