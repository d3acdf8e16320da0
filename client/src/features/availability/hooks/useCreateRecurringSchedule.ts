import {
  RecurringSchedulesDocument,
  useCreateRecurringScheduleMutation,
  type CreateRecurringPatternInput,
  type RecurringSchedulesQuery,
  type RecurringSchedulesQueryVariables,
} from '../../../gql/graphql';
import { toast } from '../../../shared/toast';
import { serverDetail } from '../../../shared/lib/server-detail';
import { useGenerateSlots } from './useGenerateSlots';

/** Saves a weekly schedule, adds it to the cached list, then generates its slots (spec §8 "Recurring schedules"). */
export function useCreateRecurringSchedule() {
  const [mutate, { loading }] = useCreateRecurringScheduleMutation();
  const { generateSlots, generating } = useGenerateSlots();

  const createSchedule = async (input: CreateRecurringPatternInput): Promise<boolean> => {
    try {
      await mutate({
        variables: { input },
        update(cache, { data }) {
          const created = data?.createRecurringPattern;
          if (!created) return;
          cache.updateQuery<RecurringSchedulesQuery, RecurringSchedulesQueryVariables>(
            { query: RecurringSchedulesDocument, variables: { creatorId: created.creatorId } },
            (previous) =>
              previous
                ? { recurringPatterns: [...previous.recurringPatterns.filter((p) => p.id !== created.id), created] }
                : previous,
          );
        },
      });
    } catch (error) {
      toast.error('Failed to create recurring schedule', serverDetail(error));
      return false;
    }
    toast.success('Recurring schedule created successfully');
    await generateSlots();
    return true;
  };

  return { createSchedule, creating: loading || generating };
}
