import { useApolloClient } from '@apollo/client';
import {
  UnreadNotificationCountDocument,
  useMarkNotificationsReadMutation,
  useNotificationsQuery,
  type NotificationsQuery,
} from '../../../gql/graphql';
import { useNotificationEvents } from '../live/notification-events';
import { NOTIFICATIONS_PAGE_SIZE } from '../lib/notification-view';

/**
 * The bell panel's list, newest first, a page at a time; a notification arriving while it is open
 * goes on top. Marking read updates the rows and the bell's count from the server's answer.
 */
export function useNotificationList() {
  const client = useApolloClient();
  const query = useNotificationsQuery({
    variables: { first: NOTIFICATIONS_PAGE_SIZE },
    fetchPolicy: 'cache-and-network',
    notifyOnNetworkStatusChange: true,
  });
  const [markRead, marking] = useMarkNotificationsReadMutation();
  const notifications = query.data?.notifications.edges.map((edge) => edge.node) ?? [];
  const pageInfo = query.data?.notifications.pageInfo;

  useNotificationEvents((notification) => {
    query.updateQuery((previous) => {
      if (!previous?.notifications || previous.notifications.edges.some((e) => e.node.id === notification.id)) return previous;
      return {
        notifications: {
          ...previous.notifications,
          totalCount: previous.notifications.totalCount + 1,
          edges: [{ __typename: 'NotificationEdge', cursor: '', node: notification }, ...previous.notifications.edges],
        },
      };
    });
  });

  const loadMore = () =>
    query.fetchMore({
      variables: { after: pageInfo?.endCursor },
      updateQuery: (previous: NotificationsQuery, { fetchMoreResult }) => ({
        notifications: {
          ...fetchMoreResult.notifications,
          totalCount: fetchMoreResult.notifications.totalCount,
          edges: [
            ...previous.notifications.edges,
            ...fetchMoreResult.notifications.edges.filter(
              (edge) => !previous.notifications.edges.some((e) => e.node.id === edge.node.id),
            ),
          ],
        },
      }),
    });

  /** Marks these notifications (or all) read; the rows and the bell follow at once. */
  const mark = async (input: { ids: string[] } | { all: true }) => {
    const readAt = new Date().toISOString();
    const ids = 'ids' in input ? input.ids : notifications.filter((n) => !n.readAt).map((n) => n.id);
    const result = await markRead({ variables: { input } });
    const left = result.data?.markNotificationsRead;
    if (typeof left === 'number') {
      const all = 'all' in input;
      client.cache.updateQuery({ query: UnreadNotificationCountDocument }, (current) =>
        current
          ? {
              unreadNotificationCount: left,
              unreadNotificationSummary: all
                ? { ...current.unreadNotificationSummary, total: 0, bookings: 0, messages: 0 }
                : { ...current.unreadNotificationSummary, total: left },
            }
          : current,
      );
      // Which tab's badge went down is the server's to say.
      if (!all) void client.refetchQueries({ include: [UnreadNotificationCountDocument] }).catch(() => undefined);
    }
    for (const id of ids) {
      client.cache.modify({ id: client.cache.identify({ __typename: 'Notification', id }), fields: { readAt: (value) => value ?? readAt } });
    }
  };

  return {
    notifications,
    loading: query.loading && !query.data,
    error: query.error,
    hasMore: Boolean(pageInfo?.hasNextPage),
    loadingMore: query.networkStatus === 3,
    loadMore,
    mark,
    marking: marking.loading,
  };
}
