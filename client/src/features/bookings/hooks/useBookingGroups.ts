import { useBookingGroupCountsQuery } from '../../../gql/graphql';
import { useBookingEvents } from '../live/booking-events';
import { groupSummary, type GroupSummary } from '../lib/booking-groups';
import { READ_AGAIN_ON_CHANGE } from '../../../shared/lib/read-again';

/**
 * The Bookings tab's count per group (and whether a request waits for the viewer), kept live: any
 * booking change may move a booking between groups or add one, so the counts are read again.
 */
export function useBookingGroups(): GroupSummary | null {
  const query = useBookingGroupCountsQuery({ fetchPolicy: 'cache-and-network', ...READ_AGAIN_ON_CHANGE });
  const { refetch } = query;
  useBookingEvents(() => void refetch().catch(() => undefined));
  const data = query.data ?? query.previousData;
  return data ? groupSummary(data) : null;
}
