import type { BookingGroup, BookingGroupCountsQuery, BookingRole, PaymentStatus } from '../../../gql/graphql';

/** The URL query parameter holding the group the viewer picked (`/dashboard?tab=bookings&group=past`). */
export const GROUP_PARAM = 'group';

/** The groups in their usual order: what is coming first, then what waits, then the history. */
export const GROUP_ORDER: readonly BookingGroup[] = ['UPCOMING', 'REQUESTS', 'PAST', 'CANCELLED'];

export const GROUP_META: Record<BookingGroup, { label: string; empty: string }> = {
  UPCOMING: { label: 'Upcoming', empty: 'No upcoming bookings. Accepted bookings show here until they are over.' },
  REQUESTS: { label: 'Requests', empty: 'No requests waiting for an answer.' },
  PAST: { label: 'Past', empty: 'No past bookings yet.' },
  CANCELLED: { label: 'Cancelled', empty: 'No cancelled bookings.' },
};

export type GroupCounts = Record<BookingGroup, number>;

export interface GroupSummary {
  counts: GroupCounts;
  /** A request waits for the viewer: a creator's request to answer, or a booker's checkout to finish. */
  requestWaits: boolean;
}

/** A request whose next move is the viewer's (the server lists these first). */
export function waitsForViewer(request: { viewerRole?: BookingRole | null; paymentStatus: PaymentStatus }): boolean {
  return (request.viewerRole === 'CREATOR' && request.paymentStatus === 'HELD') || (request.viewerRole === 'BOOKER' && request.paymentStatus === 'UNPAID');
}

export function groupSummary(data: BookingGroupCountsQuery): GroupSummary {
  const first = data.requests.edges[0]?.node;
  return {
    counts: {
      UPCOMING: data.upcoming.totalCount,
      REQUESTS: data.requests.totalCount,
      PAST: data.past.totalCount,
      CANCELLED: data.cancelled.totalCount,
    },
    requestWaits: Boolean(first && waitsForViewer(first)),
  };
}

/** The tabs' order: Requests first while one waits for the viewer (the next action first). */
export function groupOrder(summary: GroupSummary | null): readonly BookingGroup[] {
  return summary?.requestWaits ? ['REQUESTS', ...GROUP_ORDER.filter((g) => g !== 'REQUESTS')] : GROUP_ORDER;
}

/** The group to open on when the viewer picked none: the first of the tabs' order that holds a booking. */
export function defaultGroup(summary: GroupSummary): BookingGroup {
  return groupOrder(summary).find((g) => summary.counts[g] > 0) ?? 'UPCOMING';
}

/** The group named in the URL, if it is one. */
export function groupFromParam(param: string | null): BookingGroup | null {
  const wanted = param?.toUpperCase() as BookingGroup | undefined;
  return wanted && GROUP_ORDER.includes(wanted) ? wanted : null;
}
