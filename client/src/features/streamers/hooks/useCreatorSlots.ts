import { useApolloClient } from '@apollo/client';
import {
  StreamerPageSlotsDocument,
  useStreamerPageSlotsQuery,
  useStreamerSlotsChangedSubscription,
} from '../../../gql/graphql';

/** A creator's slots, free and booked, overlapping [from, to). */
export function useCreatorSlots(streamerId: string, from: Date, to: Date) {
  const { data, loading, error } = useStreamerPageSlotsQuery({
    variables: { streamerId, from: from.toISOString(), to: to.toISOString() },
    fetchPolicy: 'cache-and-network',
  });
  return { slots: data?.availabilitySlots ?? [], loading: loading && !data, error };
}

/**
 * Keeps the page LIVE: whenever someone takes or frees one of the creator's hours the server says
 * so on `slotsChanged`, and every slot list on the page is fetched again.
 */
export function useLiveSlotUpdates(streamerId: string) {
  const client = useApolloClient();
  useStreamerSlotsChangedSubscription({
    variables: { streamerId },
    onData: () => void client.refetchQueries({ include: [StreamerPageSlotsDocument] }).catch(() => undefined),
  });
}
