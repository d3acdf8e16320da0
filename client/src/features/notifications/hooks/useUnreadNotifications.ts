import { useApolloClient } from '@apollo/client';
import {
  UnreadNotificationCountDocument,
  useNotificationAddedSubscription,
  useUnreadNotificationCountQuery,
} from '../../../gql/graphql';
import { notificationEvents } from '../live/notification-events';
import { toast } from '../../../shared/toast';

/**
 * The viewer's unread count, live: each `notificationAdded` adds one to the count in the cache (no
 * round trip) and is handed to the screens that care (`notificationEvents`: the open panel, the
 * Messages list). After a reconnect the app refetches the active queries, this count among them,
 * so what arrived while the socket was down is counted too.
 */
export function useUnreadNotifications() {
  const client = useApolloClient();
  const { data } = useUnreadNotificationCountQuery({ fetchPolicy: 'cache-and-network' });

  useNotificationAddedSubscription({
    onData: ({ data: event }) => {
      const notification = event.data?.notificationAdded;
      if (!notification) return;
      if (!notification.readAt) {
        client.cache.updateQuery({ query: UnreadNotificationCountDocument }, (current) =>
          current ? { unreadNotificationCount: current.unreadNotificationCount + 1 } : current,
        );
      }
      // A cancellation is told live as a toast too: who cancelled, why, and what it means for the reader's money.
      if (notification.type === 'booking.cancelled') toast.warning('Booking cancelled', notification.text);
      notificationEvents.emit(notification);
    },
  });

  return data?.unreadNotificationCount ?? 0;
}
