import { useGenerateRecurringSlotsMutation } from '../../../gql/graphql';
import { toast } from '../../../shared/toast';
import { serverDetail } from '../../../shared/lib/server-detail';
import { invalidateSlotLists } from './slot-queries';

/**
 * Turns the weekly schedules into slots for the server's default window (14 days from tomorrow,
 * spec §9) and refreshes the slot lists. Returns the number of new slots, or null on failure.
 */
export function useGenerateSlots() {
  const [mutate, { loading }] = useGenerateRecurringSlotsMutation({ update: invalidateSlotLists });

  const generateSlots = async (): Promise<number | null> => {
    try {
      const { data } = await mutate();
      return data?.generateSlots.length ?? 0;
    } catch (error) {
      toast.error('Failed to generate slots', serverDetail(error));
      return null;
    }
  };

  return { generateSlots, generating: loading };
}
