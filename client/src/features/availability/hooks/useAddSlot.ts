import { useAddAvailabilitySlotMutation, type AddAvailabilityInput } from '../../../gql/graphql';
import { toast } from '../../../shared/toast';
import { serverDetail } from '../../../shared/lib/server-detail';
import { invalidateSlotLists } from './slot-queries';

/** Adds a range of one day as 1-hour slots; toasts the outcome (spec §8 "Slots"). */
export function useAddSlot() {
  const [mutate, { loading }] = useAddAvailabilitySlotMutation({ update: invalidateSlotLists });

  const addSlot = async (input: AddAvailabilityInput): Promise<boolean> => {
    try {
      await mutate({ variables: { input } });
      toast.success('Availability slot added successfully');
      return true;
    } catch (error) {
      toast.error('Failed to add availability slot', serverDetail(error));
      return false;
    }
  };

  return { addSlot, adding: loading };
}
