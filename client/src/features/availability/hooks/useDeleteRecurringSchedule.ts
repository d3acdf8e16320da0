import { useState } from 'react';
import { useDeleteRecurringScheduleMutation } from '../../../gql/graphql';
import { toast } from '../../../shared/toast';
import { serverDetail } from '../../../shared/lib/server-detail';
import { SLOT_QUERIES } from './slot-queries';

/** Deletes a weekly schedule (the server also removes its future free slots) (spec §8 "Recurring schedules"). */
export function useDeleteRecurringSchedule() {
  const [deletingId, setDeletingId] = useState<string>();
  const [mutate] = useDeleteRecurringScheduleMutation({ refetchQueries: SLOT_QUERIES });

  const deleteSchedule = async (id: string): Promise<boolean> => {
    setDeletingId(id);
    try {
      await mutate({
        variables: { id },
        update(cache, { data }) {
          if (!data?.deleteRecurringPattern) return;
          cache.evict({ id: cache.identify({ __typename: 'RecurringPattern', id }) });
          cache.gc();
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
