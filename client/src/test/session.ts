import type { MockedResponse } from '@apollo/client/testing';
import { MeDocument, type MeQuery } from '../gql/graphql';
import { STORAGE_KEYS } from '../features/auth/lib/token-storage';

export const TEST_USER: NonNullable<MeQuery['me']> & { __typename: 'User' } = {
  __typename: 'User',
  id: 'user-booker',
  email: 'brand@example.com',
  emailVerified: true,
  accountType: 'BRAND',
  role: 'USER',
  createdAt: '2025-01-01T00:00:00.000Z',
};

/**
 * Starts the test signed in: stores an access token and returns the `me` answer the session
 * check asks for (add it to the page's mocks).
 */
export function signedIn(user: Partial<NonNullable<MeQuery['me']>> = {}): MockedResponse<MeQuery> {
  window.localStorage.setItem(STORAGE_KEYS.accessToken, 'test-access-token');
  return { request: { query: MeDocument }, result: { data: { me: { ...TEST_USER, ...user } } } };
}
