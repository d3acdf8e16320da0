import { useApolloClient } from '@apollo/client';
import { useCallback, useEffect, useMemo, type ReactNode } from 'react';
import {
  MeDocument,
  useChangePasswordMutation,
  useLoginMutation,
  useLogoutMutation,
  useMeQuery,
  useRegisterMutation,
  type MeQuery,
  type RegisterMutation,
} from '../../gql/graphql';
import { toast } from '../../shared/toast';
import { AuthContext, type AuthContextValue, type AuthUser } from './auth-context';
import { useAccessToken } from './hooks/useAccessToken';
import { tokenStorage } from './lib/token-storage';

/**
 * Owns the session (spec §4 "Session"): on load a stored token is checked with `me`; a failed
 * check clears the tokens. Signing in or registering stores the token pair and the user.
 */
export function AuthProvider({ children }: { children: ReactNode }) {
  const client = useApolloClient();
  const accessToken = useAccessToken();
  const me = useMeQuery({ skip: !accessToken });
  const [loginMutation] = useLoginMutation();
  const [registerMutation] = useRegisterMutation();
  const [logoutMutation] = useLogoutMutation();
  const [changePasswordMutation] = useChangePasswordMutation();

  const sessionRejected = Boolean(accessToken) && (Boolean(me.error) || (me.data !== undefined && !me.data.me));
  useEffect(() => {
    if (sessionRejected) tokenStorage.clearTokens();
  }, [sessionRejected]);

  const startSession = useCallback(
    (user: AuthUser, tokens: RegisterMutation['register']['tokens']) => {
      client.writeQuery<MeQuery>({ query: MeDocument, data: { me: user } });
      tokenStorage.setTokens(tokens);
      return user;
    },
    [client],
  );

  const signIn = useCallback<AuthContextValue['signIn']>(
    async ({ email, password, code }) => {
      const { data } = await loginMutation({ variables: { input: { email, password, ...(code ? { code } : {}) } } });
      if (!data) throw new Error('Failed to sign in');
      return startSession(data.login.user, data.login.tokens);
    },
    [loginMutation, startSession],
  );

  const register = useCallback<AuthContextValue['register']>(
    async ({ email, password, accountType }) => {
      const { data } = await registerMutation({ variables: { input: { email, password, accountType } } });
      if (!data) throw new Error('Failed to create account');
      return startSession(data.register.user, data.register.tokens);
    },
    [registerMutation, startSession],
  );

  const signOut = useCallback(async () => {
    const currentAccessToken = tokenStorage.getAccessToken();
    const refreshToken = tokenStorage.getRefreshToken();
    tokenStorage.clearTokens();
    toast.info('Signed out', 'See you next time!');
    // Best effort: the session is already gone locally whatever the server answers.
    const revoke = logoutMutation({
      variables: { refreshToken },
      context: currentAccessToken ? { headers: { authorization: `Bearer ${currentAccessToken}` } } : undefined,
    }).catch(() => undefined);
    await Promise.all([revoke, client.clearStore().catch(() => undefined)]);
  }, [client, logoutMutation]);

  const changePassword = useCallback<AuthContextValue['changePassword']>(
    async (input) => {
      const { data } = await changePasswordMutation({ variables: { input } });
      if (!data) throw new Error('Failed to change the password');
      return startSession(data.changePassword.user, data.changePassword.tokens);
    },
    [changePasswordMutation, startSession],
  );

  const signOutEverywhere = useCallback(async () => {
    // Unlike signOut this must reach the server (no refresh token: every session), so it throws.
    await logoutMutation({ variables: { refreshToken: null } });
    tokenStorage.clearTokens();
    toast.info('Signed out everywhere', 'Every device has to sign in again.');
    await client.clearStore().catch(() => undefined);
  }, [client, logoutMutation]);

  const value = useMemo<AuthContextValue>(() => {
    const user = accessToken && !sessionRejected ? (me.data?.me ?? null) : null;
    const loading = Boolean(accessToken) && !sessionRejected && !me.data;
    return { user, loading, signIn, register, signOut, changePassword, signOutEverywhere };
  }, [accessToken, sessionRejected, me.data, signIn, register, signOut, changePassword, signOutEverywhere]);

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}
