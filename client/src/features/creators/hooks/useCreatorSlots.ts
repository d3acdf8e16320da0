import { useApolloClient } from '@apollo/client';
import { useMemo } from 'react';
import {
  CreatorPageDocument,
  CreatorPageSlotsDocument,
  useCreatorPageSlotsQuery,
  useCreatorSlotsChangedSubscription,
  type CreatorPageQuery,
} from '../../../gql/graphql';
import { windowHolds } from '../lib/slot-window';

/** The hours the page's first query brought (CreatorPage's `availabilitySlots`) and the window they cover. */
export interface PreloadedSlots {
  window: { from: string; to: string };
  slots: CreatorPageQuery['availabilitySlots'];
}

/**
 * A creator's slots, free and booked, overlapping [from, to): taken from the hours the page's first
 * query brought when they cover the range (no second query, no waterfall), else asked for.
 */
export function useCreatorSlots(creatorId: string, from: Date, to: Date, preloaded?: PreloadedSlots) {
  const covered = preloaded !== undefined && windowHolds(preloaded.window, from, to);
  const { data, loading, error } = useCreatorPageSlotsQuery({
    variables: { creatorId, from: from.toISOString(), to: to.toISOString() },
    fetchPolicy: 'cache-and-network',
    skip: covered,
  });
  const fromMs = from.getTime();
  const toMs = to.getTime();
  const inRange = useMemo(
    () =>
      covered
        ? preloaded.slots.filter(
            (s) => new Date(s.endTime).getTime() > fromMs && new Date(s.startTime).getTime() < toMs,
          )
        : null,
    [covered, preloaded?.slots, fromMs, toMs],
  );
  if (inRange) return { slots: inRange, loading: false, error: undefined };
  return { slots: data?.availabilitySlots ?? [], loading: loading && !data, error };
}

/**
 * Keeps the page LIVE: whenever someone takes or frees one of the creator's hours the server says
 * so on `slotsChanged`, and every slot list on the page (the first query's hours included) is fetched again.
 */
export function useLiveSlotUpdates(creatorId: string) {
  const client = useApolloClient();
  useCreatorSlotsChangedSubscription({
    variables: { creatorId },
    onData: () =>
      void client.refetchQueries({ include: [CreatorPageDocument, CreatorPageSlotsDocument] }).catch(() => undefined),
  });
}
