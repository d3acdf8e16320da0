import { useEffect, useRef } from 'react';
import { useBookingListQuery, type BookingGroup, type BookingListQuery } from '../../../gql/graphql';
import { useNotificationEvents } from '../../notifications/live/notification-events';
import { useBookingEvents } from '../live/booking-events';
import { READ_AGAIN_ON_CHANGE } from '../../../shared/lib/read-again';

/** Ten full cards (brief, deliveries, proposal) fit under the API's query cost limit (server test client-operations-cost). */
export const BOOKINGS_PAGE_SIZE = 10;

/**
 * One group of the viewer's bookings (in the group's order: the next action first) kept live: the
 * session's `bookingUpdated` stream writes every change into the Apollo cache by id, so a row
 * changed by the other party re-renders at once; a booking the list does not hold yet (a new
 * request) or one that moved to another group (accepted, over, cancelled) makes the list refetch.
 * Nothing is fetched until the group is known.
 */
export function useBookingList(group: BookingGroup | null) {
  const query = useBookingListQuery({
    variables: { group: group ?? 'UPCOMING', first: BOOKINGS_PAGE_SIZE },
    skip: !group,
    fetchPolicy: 'cache-and-network',
    notifyOnNetworkStatusChange: true,
    ...READ_AGAIN_ON_CHANGE,
  });
  const bookings = query.data?.myBookings.edges.map((edge) => edge.node) ?? [];

  const listed = useRef(new Set<string>());
  useEffect(() => {
    listed.current = new Set(bookings.map((b) => b.id));
  });

  const { refetch } = query;
  useBookingEvents((booking) => {
    if (!group) return;
    if (!listed.current.has(booking.id) || booking.group !== group) void refetch().catch(() => undefined);
  });

  // What the booking stream does not carry: a proposed time for a listed booking, a new message in
  // a listed booking's conversation (its unread count).
  const conversations = useRef(new Set<string>());
  useEffect(() => {
    conversations.current = new Set(bookings.flatMap((b) => (b.conversation ? [b.conversation.id] : [])));
  });
  useNotificationEvents((n) => {
    // Anything about a listed booking changes its card's own unread count.
    const proposed = Boolean(n.bookingId && listed.current.has(n.bookingId));
    if (proposed || (n.conversationId && conversations.current.has(n.conversationId))) void refetch().catch(() => undefined);
  });

  const pageInfo = query.data?.myBookings.pageInfo;
  const loadMore = () =>
    query.fetchMore({
      variables: { after: pageInfo?.endCursor },
      updateQuery: (previous: BookingListQuery, { fetchMoreResult }) => ({
        myBookings: {
          ...fetchMoreResult.myBookings,
          edges: [
            ...previous.myBookings.edges,
            ...fetchMoreResult.myBookings.edges.filter(
              (edge) => !previous.myBookings.edges.some((e) => e.node.id === edge.node.id),
            ),
          ],
        },
      }),
    });

  return {
    bookings,
    totalCount: query.data?.myBookings.totalCount ?? 0,
    loading: !group || (query.loading && !query.data),
    loadingMore: query.networkStatus === 3,
    error: query.error,
    hasMore: Boolean(pageInfo?.hasNextPage),
    loadMore,
    refetch,
  };
}
