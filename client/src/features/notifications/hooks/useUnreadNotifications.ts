import { useApolloClient } from '@apollo/client';
import {
  UnreadNotificationCountDocument,
  useNotificationAddedSubscription,
  useUnreadNotificationCountQuery,
} from '../../../gql/graphql';
import { notificationEvents } from '../live/notification-events';
import { toast } from '../../../shared/toast';
import { useUnreadInTitle } from '../../../shared/hooks/useDocumentTitle';
import { useBookingEvents } from '../../bookings/live/booking-events';
import { READ_AGAIN_ON_CHANGE } from '../../../shared/lib/read-again';

/**
 * The viewer's unread count, live: each `notificationAdded` adds one to the count in the cache (no
 * round trip) and is handed to the screens that care (`notificationEvents`: the open panel, the
 * Messages list). After a reconnect the app refetches the active queries, this count among them,
 * so what arrived while the socket was down is counted too.
 */
export function useUnreadNotifications() {
  const client = useApolloClient();
  const { data, refetch } = useUnreadNotificationCountQuery({ fetchPolicy: 'cache-and-network', ...READ_AGAIN_ON_CHANGE });
  // Acting on a booking reads its bell items on the server: every booking change (the viewer's own too) recounts.
  useBookingEvents(() => void refetch().catch(() => undefined));

  useNotificationAddedSubscription({
    onData: ({ data: event }) => {
      const notification = event.data?.notificationAdded;
      if (!notification) return;
      if (!notification.readAt) {
        client.cache.updateQuery({ query: UnreadNotificationCountDocument }, (current) =>
          current
            ? {
                unreadNotificationCount: current.unreadNotificationCount + 1,
                unreadNotificationSummary: {
                  ...current.unreadNotificationSummary,
                  total: current.unreadNotificationSummary.total + 1,
                  bookings: current.unreadNotificationSummary.bookings + (notification.bookingId ? 1 : 0),
                  messages: current.unreadNotificationSummary.messages + (notification.type === 'message.created' ? 1 : 0),
                },
              }
            : current,
        );
      }
      // A cancellation is told live as a toast too: who cancelled, why, and what it means for the reader's money.
      if (notification.type === 'booking.cancelled') toast.warning('Booking cancelled', notification.text);
      notificationEvents.emit(notification);
    },
  });

  const unread = data?.unreadNotificationCount ?? 0;
  useUnreadInTitle(unread);
  return unread;
}
