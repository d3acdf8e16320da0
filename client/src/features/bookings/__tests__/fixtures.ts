import type { MockedResponse } from '@apollo/client/testing';
import { BookingListDocument, type BookingAction, type BookingCard_BookingFragment } from '../../../gql/graphql';
import { BOOKINGS_PAGE_SIZE } from '../hooks/useBookingList';

export const PROFILE = { id: 'p-creator', accountType: 'CREATOR' as const, timezone: 'UTC' };

type Booking = BookingCard_BookingFragment & { __typename: 'Booking' };

let n = 0;

/** A booking as the API returns it; `startsInHours` from now (real clock). */
export function booking(overrides: { [K in keyof Booking]?: unknown } & { startsInHours?: number } = {}): Booking {
  n += 1;
  const { startsInHours = 72, ...rest } = overrides;
  const start = new Date(Date.now() + startsInHours * 3_600_000);
  start.setUTCMinutes(0, 0, 0);
  const end = new Date(start.getTime() + 2 * 3_600_000);
  return {
    __typename: 'Booking',
    id: `bbbbbbbb-0000-4000-8000-${String(n).padStart(12, '0')}`,
    creatorId: PROFILE.id,
    bookerId: 'u-booker',
    startTime: start.toISOString(),
    endTime: end.toISOString(),
    totalHours: 2,
    hourlyRateCents: 5000,
    totalCents: 10000,
    feeCents: 1000,
    creatorAmountCents: 9000,
    refundCents: 0,
    status: 'PENDING',
    paymentStatus: 'HELD',
    paymentIntentId: null,
    bookingDetails: null,
    creatorConfirmed: false,
    bookerConfirmed: false,
    confirmationDeadline: new Date(end.getTime() + 48 * 3_600_000).toISOString(),
    cancellationReason: null,
    cancellationCode: null,
    cancelledByRole: null,
    cancelledAt: null,
    completedAt: null,
    createdAt: new Date().toISOString(),
    viewerRole: 'CREATOR',
    availableActions: [] as BookingAction[],
    cancelFeeApplies: false,
    requestDeadline: null,
    settlement: { __typename: 'BookingSettlement', capturedCents: 0, refundedCents: 0, platformFeeCents: 0, creatorCents: 0 },
    creator: {
      __typename: 'BookingCreator',
      id: PROFILE.id,
      userId: 'u-creator',
      displayName: 'Nova Streams',
      profileImageUrl: null, avatarUrl: null,
    },
    booker: { __typename: 'BookingBooker', id: 'u-booker', name: 'Acme Games', email: 'team@acme.test' },
    brand: {
      __typename: 'Brand',
      id: 'brand-acme',
      displayName: 'Acme Games',
      about: 'We publish cozy indie games and sponsor streamers who love them.',
      avatarUrl: null,
      averageRating: 4.5,
      reviewCount: 2,
    },
    dispute: null,
    conversation: null,
    unreadCount: 0,
    openProposal: null,
    brief: null,
    deliveries: [],
    deliveryTerms: { __typename: 'DeliveryTerms', revisionsIncluded: 1, revisionsUsed: 0, revisionsLeft: 1, approvalWindowHours: 72 },
    ...rest,
  } as Booking;
}

export function listMock(bookings: Booking[], status?: string): MockedResponse {
  return {
    request: { query: BookingListDocument, variables: status ? { status, first: BOOKINGS_PAGE_SIZE } : { first: BOOKINGS_PAGE_SIZE } },
    result: {
      data: {
        myBookings: {
          __typename: 'BookingConnection',
          edges: bookings.map((b) => ({ __typename: 'BookingEdge', cursor: b.id, node: b })),
          pageInfo: { __typename: 'PageInfo', endCursor: bookings.at(-1)?.id ?? null, hasNextPage: false },
          totalCount: bookings.length,
        },
      },
    },
  };
}
