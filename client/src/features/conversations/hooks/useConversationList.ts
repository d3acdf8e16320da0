import { useConversationsQuery } from '../../../gql/graphql';
import { useNotificationEvents } from '../../notifications/live/notification-events';
import { byActivity, toSummary } from '../lib/conversation-view';

/** The viewer's conversations, most recent first; a notification about a conversation refreshes it. */
export function useConversationList() {
  const query = useConversationsQuery({ variables: { first: 20 }, fetchPolicy: 'cache-and-network', notifyOnNetworkStatusChange: true });
  useNotificationEvents((n) => {
    if (n.conversationId) void query.refetch().catch(() => undefined);
  });
  const conversations = (query.data?.conversations.edges.map((e) => toSummary(e.node)) ?? []).sort(byActivity);
  const pageInfo = query.data?.conversations.pageInfo;
  return {
    conversations,
    loading: query.loading && !query.data,
    error: query.error,
    hasMore: Boolean(pageInfo?.hasNextPage),
    loadingMore: query.networkStatus === 3,
    loadMore: () =>
      query.fetchMore({
        variables: { after: pageInfo?.endCursor },
        updateQuery: (previous, { fetchMoreResult }) => ({
          conversations: {
            ...fetchMoreResult.conversations,
            edges: [
              ...previous.conversations.edges,
              ...fetchMoreResult.conversations.edges.filter((e) => !previous.conversations.edges.some((p) => p.node.id === e.node.id)),
            ],
          },
        }),
      }),
  };
}
