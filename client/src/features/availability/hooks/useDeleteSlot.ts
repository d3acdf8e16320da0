import { useState } from 'react';
import { useDeleteAvailabilitySlotMutation } from '../../../gql/graphql';
import { toast } from '../../../shared/toast';
import { serverDetail } from '../../../shared/lib/server-detail';

/** Removes a free, future slot; drops it from every cached list (spec §8 "Slots"). */
export function useDeleteSlot() {
  const [deletingId, setDeletingId] = useState<string>();
  const [mutate] = useDeleteAvailabilitySlotMutation();

  const deleteSlot = async (id: string): Promise<boolean> => {
    setDeletingId(id);
    try {
      await mutate({
        variables: { id },
        update(cache, { data }) {
          if (!data?.deleteAvailabilitySlot) return;
          cache.evict({ id: cache.identify({ __typename: 'AvailabilitySlot', id }) });
          cache.gc();
        },
      });
      toast.success('Availability slot removed');
      return true;
    } catch (error) {
      toast.error('Failed to remove availability slot', serverDetail(error));
      return false;
    } finally {
      setDeletingId(undefined);
    }
  };

  return { deleteSlot, deletingId };
}
