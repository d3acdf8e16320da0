import type { MockedResponse } from '@apollo/client/testing';
import {
  MeDocument,
  MyProfileDocument,
  type AccountType,
  type MyProfile_ProfileFragment,
  type MyProfileQuery,
} from '../../../gql/graphql';
import { STORAGE_KEYS } from '../../auth/lib/token-storage';

export const EMAIL = 'nova@example.com';

/** A signed-in session: a stored token and the `me` answer. */
export function signedIn(accountType: AccountType = 'CREATOR'): MockedResponse {
  window.localStorage.setItem(STORAGE_KEYS.accessToken, 'access-1');
  return {
    request: { query: MeDocument },
    result: {
      data: {
        me: {
          __typename: 'User',
          id: 'user-1',
          email: EMAIL,
          accountType,
          role: 'USER',
          createdAt: '2025-09-10T12:00:00.000Z',
        },
      },
    },
  };
}

export function creatorProfile(
  overrides: Partial<MyProfile_ProfileFragment> = {},
): MyProfile_ProfileFragment & { __typename: 'Profile' } {
  return {
    __typename: 'Profile',
    id: 'profile-1',
    accountType: 'CREATOR',
    displayName: 'Nova Rivers',
    bio: 'Variety streamer and speedrunner.',
    isVerified: false,
    totalBookings: 12,
    averageRating: 4.8,
    reviewCount: 9,
    hourlyRateCents: 8500,
    minimumHours: 2,
    platforms: ['TWITCH', 'YOUTUBE'],
    twitchUsername: 'novarivers',
    youtubeHandle: '@novarivers',
    tiktokHandle: null,
    instagramHandle: null,
    timezone: 'Europe/Berlin',
    ...overrides,
  } as MyProfile_ProfileFragment & { __typename: 'Profile' };
}

export function brandProfile(overrides: Partial<MyProfile_ProfileFragment> = {}) {
  return creatorProfile({
    id: 'brand-1',
    accountType: 'BRAND',
    displayName: 'Acme Games',
    bio: 'We make games.',
    totalBookings: 3,
    averageRating: 0,
    reviewCount: 0,
    hourlyRateCents: null,
    minimumHours: 1,
    platforms: [],
    twitchUsername: null,
    youtubeHandle: null,
    ...overrides,
  });
}

export function myProfileMock(profile: MyProfile_ProfileFragment | null): MockedResponse<MyProfileQuery> {
  return { request: { query: MyProfileDocument }, result: { data: { myProfile: profile } } };
}
