import { useApolloClient } from '@apollo/client';
import {
  CreatorPageSlotsDocument,
  useCreatorPageSlotsQuery,
  useCreatorSlotsChangedSubscription,
} from '../../../gql/graphql';

/** A creator's slots, free and booked, overlapping [from, to). */
export function useCreatorSlots(creatorId: string, from: Date, to: Date) {
  const { data, loading, error } = useCreatorPageSlotsQuery({
    variables: { creatorId, from: from.toISOString(), to: to.toISOString() },
    fetchPolicy: 'cache-and-network',
  });
  return { slots: data?.availabilitySlots ?? [], loading: loading && !data, error };
}

/**
 * Keeps the page LIVE: whenever someone takes or frees one of the creator's hours the server says
 * so on `slotsChanged`, and every slot list on the page is fetched again.
 */
export function useLiveSlotUpdates(creatorId: string) {
  const client = useApolloClient();
  useCreatorSlotsChangedSubscription({
    variables: { creatorId },
    onData: () => void client.refetchQueries({ include: [CreatorPageSlotsDocument] }).catch(() => undefined),
  });
}
