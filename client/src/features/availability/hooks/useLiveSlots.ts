import { useApolloClient } from '@apollo/client';
import { useAvailabilitySlotsChangedSubscription } from '../../../gql/graphql';
import { invalidateSlotLists } from './slot-queries';

/** Reads the slot lists again whenever the creator's hours change elsewhere (a booking, another tab). */
export function useLiveSlots(creatorId: string) {
  const client = useApolloClient();
  useAvailabilitySlotsChangedSubscription({
    variables: { creatorId },
    onData: () => invalidateSlotLists(client.cache),
  });
}
