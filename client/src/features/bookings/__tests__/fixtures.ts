import type { MockedResponse } from '@apollo/client/testing';
import {
  BookingGroupCountsDocument,
  BookingListDocument,
  type BookingAction,
  type BookingCard_BookingFragment,
  type BookingGroup,
} from '../../../gql/graphql';
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
    group: rest.group ?? groupOfStatus(String(rest.status ?? 'PENDING')),
  } as Booking;
}

/** The group the server names for a status (a confirmed booking here is not over). */
export function groupOfStatus(status: string): BookingGroup {
  if (status === 'PENDING') return 'REQUESTS';
  if (status === 'CANCELLED') return 'CANCELLED';
  if (status === 'CONFIRMED') return 'UPCOMING';
  return 'PAST';
}

const connection = (bookings: Booking[], total = bookings.length) => ({
  __typename: 'BookingConnection',
  edges: bookings.map((b) => ({ __typename: 'BookingEdge', cursor: b.id, node: b })),
  pageInfo: { __typename: 'PageInfo', endCursor: bookings.at(-1)?.id ?? null, hasNextPage: false },
  totalCount: total,
});

/** The tab's counts: `requests` are the group's first booking (the server lists those waiting for the viewer first). */
export function countsMock(counts: Partial<Record<BookingGroup, number>>, requests: Booking[] = []): MockedResponse {
  const only = (n = 0) => ({ __typename: 'BookingConnection', totalCount: n });
  return {
    request: { query: BookingGroupCountsDocument },
    result: {
      data: {
        upcoming: only(counts.UPCOMING),
        requests: {
          __typename: 'BookingConnection',
          totalCount: counts.REQUESTS ?? 0,
          edges: requests.slice(0, 1).map((b) => ({
            __typename: 'BookingEdge',
            node: { __typename: 'Booking', id: b.id, group: b.group, viewerRole: b.viewerRole, paymentStatus: b.paymentStatus },
          })),
        },
        past: only(counts.PAST),
        cancelled: only(counts.CANCELLED),
      },
    },
  };
}

/** Bookings Tab opening on `group` (the only group holding bookings): its counts, then its list. */
export function tabMocks(bookings: Booking[], group: BookingGroup = bookings[0]?.group ?? 'UPCOMING'): MockedResponse[] {
  return [countsMock({ [group]: bookings.length }, group === 'REQUESTS' ? bookings : []), listMock(bookings, group)];
}

export function listMock(bookings: Booking[], group: BookingGroup = bookings[0]?.group ?? 'UPCOMING'): MockedResponse {
  return {
    request: { query: BookingListDocument, variables: { group, first: BOOKINGS_PAGE_SIZE } },
    result: { data: { myBookings: connection(bookings) } },
  };
}
