import { useState } from 'react';
import { useDeleteRecurringScheduleMutation } from '../../../gql/graphql';
import { toast } from '../../../shared/toast';
import { serverDetail } from '../../../shared/lib/server-detail';
import { invalidateSlotLists } from './slot-queries';

/** Deletes a weekly schedule (the server also removes its future free slots) (spec §8 "Recurring schedules"). */
export function useDeleteRecurringSchedule() {
  const [deletingId, setDeletingId] = useState<string>();
  const [mutate] = useDeleteRecurringScheduleMutation();

  const deleteSchedule = async (id: string): Promise<boolean> => {
    setDeletingId(id);
    try {
      await mutate({
        variables: { id },
        update(cache, { data }) {
          if (!data?.deleteRecurringPattern) return;
          cache.evict({ id: cache.identify({ __typename: 'RecurringPattern', id }) });
          invalidateSlotLists(cache);
        },
      });
      toast.success('Recurring schedule removed');
      return true;
    } catch (error) {
      toast.error('Failed to remove recurring schedule', serverDetail(error));
      return false;
    } finally {
      setDeletingId(undefined);
    }
  };

  return { deleteSchedule, deletingId };
}
