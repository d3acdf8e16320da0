import { Button, CloseButton, Dialog, Field, Input, Portal, Stack, Text } from '@chakra-ui/react';
import { useState, type FormEvent } from 'react';
import { LuPlus } from 'react-icons/lu';
import { FormError } from '../../../shared/components/FormError';
import { useCreateRecurringSchedule } from '../hooks/useCreateRecurringSchedule';
import { DEFAULT_SCHEDULE_END, DEFAULT_SCHEDULE_START, endOfRange, validateScheduleDraft } from '../lib/slot-rules';
import { DayChips } from './DayChips';
import { TimeRangeFields } from './TimeRangeFields';

const EMPTY = { title: '', daysOfWeek: [] as number[], startTime: DEFAULT_SCHEDULE_START, endTime: DEFAULT_SCHEDULE_END };

/** "Add Schedule": title, days Sun–Sat, start and end time (09:00–17:00 by default). */
export function AddScheduleDialog({ zone }: { zone: string }) {
  const [open, setOpen] = useState(false);
  const [draft, setDraft] = useState(EMPTY);
  const [error, setError] = useState<string | null>(null);
  const { createSchedule, creating } = useCreateRecurringSchedule();

  const change = (patch: Partial<typeof EMPTY>) => {
    setDraft((current) => ({ ...current, ...patch }));
    setError(null);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const problem = validateScheduleDraft(draft);
    setError(problem);
    if (problem) return;
    const created = await createSchedule({
      title: draft.title.trim(),
      daysOfWeek: draft.daysOfWeek,
      startTime: draft.startTime,
      endTime: endOfRange(draft.startTime, draft.endTime),
    });
    if (created) {
      setOpen(false);
      setDraft(EMPTY);
    }
  };

  return (
    <Dialog.Root
      open={open}
      onOpenChange={(details) => {
        setOpen(details.open);
        if (!details.open) setError(null);
      }}
      placement="center"
    >
      <Dialog.Trigger asChild>
        <Button size="sm">
          <LuPlus aria-hidden />
          Add Schedule
        </Button>
      </Dialog.Trigger>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner px="3">
          <Dialog.Content asChild>
            <form onSubmit={submit} noValidate>
              <Dialog.Header>
                <Dialog.Title>Add Recurring Schedule</Dialog.Title>
              </Dialog.Header>
              <Dialog.Body>
                <Stack gap="4">
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
                    <DayChips labelledBy="schedule-days-label" value={draft.daysOfWeek} onChange={(daysOfWeek) => change({ daysOfWeek })} />
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
                </Stack>
              </Dialog.Body>
              <Dialog.Footer>
                <Dialog.ActionTrigger asChild>
                  <Button variant="outline">Cancel</Button>
                </Dialog.ActionTrigger>
                <Button type="submit" loading={creating} loadingText="Creating...">
                  Create Schedule
                </Button>
              </Dialog.Footer>
              <Dialog.CloseTrigger asChild>
                <CloseButton size="sm" aria-label="Close" />
              </Dialog.CloseTrigger>
            </form>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
