import { NetworkStatus } from '@apollo/client';
import { useEffect, useMemo } from 'react';
import { useCreatorsQuery, type CreatorsQuery } from '../../../gql/graphql';
import { useNotificationEvents } from '../../notifications/live/notification-events';
import { errorCode, errorMessage } from '../../../shared/lib/error-message';
import { toast } from '../../../shared/toast';
import { DISCOVER_PAGE_SIZE, toCreatorFilter, type CreatorSearch } from '../lib/creator-search';
import { READ_AGAIN_ON_CHANGE } from '../../../shared/lib/read-again';

/**
 * One search of the public creator listing, page by page. A failed search yields an empty list
 * (spec §8); invalid input also gets a toast with the server's message.
 */
export function useCreatorListing(search: CreatorSearch) {
  const filter = useMemo(() => toCreatorFilter(search), [search]);
  const { data, error, networkStatus, fetchMore, refetch } = useCreatorsQuery({
    variables: { filter, first: DISCOVER_PAGE_SIZE, ...(search.sort ? { sort: search.sort } : {}) },
    // Ratings, prices and free hours change while the tab is away (a review revealed by the other
    // side, say): a listing seen before shows at once and is read again.
    fetchPolicy: 'cache-and-network',
    ...READ_AGAIN_ON_CHANGE,
    notifyOnNetworkStatusChange: true,
  });

  // Reviews are revealed in pairs: when the viewer is told the other side's review is out, their own
  // review of that creator just went public too, and the ratings on these cards changed.
  useNotificationEvents((n) => {
    if (n.type === 'review.created') void refetch().catch(() => undefined);
  });

  useEffect(() => {
    if (error && errorCode(error) === 'BAD_USER_INPUT') {
      toast.error('Invalid search', errorMessage(error, 'Please check your search filters'));
    }
  }, [error]);

  const connection = error ? undefined : data?.creators;
  const creators = connection?.edges.map((edge) => edge.node) ?? [];

  const loadMore = () => {
    if (!connection?.pageInfo.hasNextPage) return;
    return fetchMore({
      variables: { after: connection.pageInfo.endCursor },
      updateQuery: (previous, { fetchMoreResult }) => appendPage(previous, fetchMoreResult),
    }).catch((loadError: unknown) => {
      toast.error(errorMessage(loadError, 'Failed to load more creators'));
    });
  };

  return {
    creators,
    totalCount: connection?.totalCount ?? 0,
    hasMore: Boolean(connection?.pageInfo.hasNextPage),
    /** First page (or a new search) loading with nothing to show yet: show skeletons. */
    loading: (networkStatus === NetworkStatus.loading || networkStatus === NetworkStatus.setVariables) && !data,
    loadingMore: networkStatus === NetworkStatus.fetchMore,
    loadMore,
  };
}

/** Appends the next page to the list seen so far, skipping creators already shown. */
export function appendPage(previous: CreatorsQuery, next: CreatorsQuery | undefined): CreatorsQuery {
  if (!next) return previous;
  const seen = new Set(previous.creators.edges.map((edge) => edge.node.id));
  return {
    creators: {
      ...next.creators,
      edges: [...previous.creators.edges, ...next.creators.edges.filter((edge) => !seen.has(edge.node.id))],
    },
  };
}
