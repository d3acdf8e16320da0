import { Button, Field, Input, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { LuPlus } from 'react-icons/lu';
import { ActionDialog } from '../../../shared/components/ActionDialog';
import { FormError } from '../../../shared/components/FormError';
import { useCreateRecurringSchedule } from '../hooks/useCreateRecurringSchedule';
import { DEFAULT_SCHEDULE_END, DEFAULT_SCHEDULE_START, endOfRange, validateScheduleDraft } from '../lib/slot-rules';
import { DayChips } from './DayChips';
import { TimeRangeFields } from './TimeRangeFields';

const EMPTY = {
  title: '',
  daysOfWeek: [] as number[],
  startTime: DEFAULT_SCHEDULE_START,
  endTime: DEFAULT_SCHEDULE_END,
};

/** "Add Schedule": title, days Sun–Sat, start and end time (09:00–17:00 by default). */
export function AddScheduleDialog({ zone }: { zone: string }) {
  const [draft, setDraft] = useState(EMPTY);
  const [error, setError] = useState<string | null>(null);
  const { createSchedule, creating } = useCreateRecurringSchedule();

  const change = (patch: Partial<typeof EMPTY>) => {
    setDraft((current) => ({ ...current, ...patch }));
    setError(null);
  };

  const submit = async () => {
    const problem = validateScheduleDraft(draft);
    setError(problem);
    if (problem) return false;
    return createSchedule({
      title: draft.title.trim(),
      daysOfWeek: draft.daysOfWeek,
      startTime: draft.startTime,
      endTime: endOfRange(draft.startTime, draft.endTime),
    });
  };

  return (
    <ActionDialog
      trigger={
        <Button size="sm">
          <LuPlus aria-hidden />
          Add Schedule
        </Button>
      }
      title="Add Recurring Schedule"
      confirmLabel="Create Schedule"
      cancelLabel="Cancel"
      loading={creating}
      onOpenChange={(open) => {
        if (open) {
          setDraft(EMPTY);
          setError(null);
        }
      }}
      onConfirm={submit}
    >
      <Field.Root>
        <Field.Label>Title</Field.Label>
        <Input
          value={draft.title}
          placeholder="e.g. Weekday afternoons"
          onChange={(event) => change({ title: event.target.value })}
        />
      </Field.Root>
      <Stack gap="2">
        <Text id="schedule-days-label" fontWeight="medium" textStyle="sm">
          Days
        </Text>
        <DayChips
          labelledBy="schedule-days-label"
          value={draft.daysOfWeek}
          onChange={(daysOfWeek) => change({ daysOfWeek })}
        />
      </Stack>
      <TimeRangeFields
        idPrefix="schedule"
        startTime={draft.startTime}
        endTime={draft.endTime}
        onChange={(times) => change(times)}
      />
      <Text textStyle="xs" color="fg.muted">
        Every week on these days, in {zone}. Slots are created for the next 14 days.
      </Text>
      <FormError message={error} />
    </ActionDialog>
  );
}
