import { Button, Heading, Stack, Text } from '@chakra-ui/react';
import { useEffect, useState, type FormEvent } from 'react';
import { LuPlus } from 'react-icons/lu';
import { FormError } from '../../../shared/components/FormError';
import { formatDayKey, type DayKey } from '../../../shared/lib/zoned-time';
import { useAddSlot } from '../hooks/useAddSlot';
import { endOfRange, validateSlotDraft } from '../lib/slot-rules';
import { TimeRangeFields } from './TimeRangeFields';

interface Props {
  day: DayKey | null;
  zone: string;
}

/** Start and end time for the selected day; each whole hour becomes a bookable slot. */
export function AddSlotForm({ day, zone }: Props) {
  const [times, setTimes] = useState({ startTime: '', endTime: '' });
  const [error, setError] = useState<string | null>(null);
  const { addSlot, adding } = useAddSlot();
  useEffect(() => setError(null), [day]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const problem = validateSlotDraft({ day, ...times }, zone);
    setError(problem);
    if (problem || !day) return;
    const added = await addSlot({
      date: day,
      startTime: times.startTime,
      endTime: endOfRange(times.startTime, times.endTime),
    });
    if (added) setTimes({ startTime: '', endTime: '' });
  };

  return (
    <Stack asChild gap="3">
      <form onSubmit={submit} noValidate aria-labelledby="add-slot-heading">
        <Stack gap="0.5">
          <Heading as="h3" size="sm" id="add-slot-heading">
            Add Slot
          </Heading>
          <Text textStyle="xs" color="fg.muted">
            {day ? `${formatDayKey(day)}.` : 'Pick a day in the week above.'} Whole hours; each hour becomes a 1-hour
            slot.
          </Text>
        </Stack>
        <TimeRangeFields
          idPrefix="add-slot"
          startTime={times.startTime}
          endTime={times.endTime}
          onChange={(next) => {
            setTimes(next);
            setError(null);
          }}
        />
        <FormError message={error} />
        <Button
          type="submit"
          loading={adding}
          loadingText="Adding..."
          alignSelf={{ base: 'stretch', sm: 'flex-start' }}
        >
          <LuPlus aria-hidden />
          Add Slot
        </Button>
      </form>
    </Stack>
  );
}
