import { createContext } from 'react';
import type { AccountType, CurrentUserFragment } from '../../gql/graphql';

export type AuthUser = CurrentUserFragment;

export interface Credentials {
  email: string;
  password: string;
  /** Two-step sign-in's second step: an authenticator code or a recovery code. */
  code?: string;
}

export interface AuthContextValue {
  /** The signed-in account, or null when signed out. */
  user: AuthUser | null;
  /** True while a stored session is being checked on load. */
  loading: boolean;
  signIn(credentials: Credentials): Promise<AuthUser>;
  register(credentials: Credentials & { accountType: AccountType }): Promise<AuthUser>;
  signOut(): Promise<void>;
  /** Changes the password; every other session is signed out, this one continues with new tokens. */
  changePassword(input: { currentPassword: string; newPassword: string }): Promise<AuthUser>;
  /** Revokes every session of the account (other devices too), then signs out here. */
  signOutEverywhere(): Promise<void>;
}

export const AuthContext = createContext<AuthContextValue | null>(null);
