import { Box, Grid, Heading, Skeleton, Stack } from '@chakra-ui/react';
import { useMemo, useState } from 'react';
import { LuCalendarDays } from 'react-icons/lu';
import { useAvailabilityWeekQuery, type DaySlotList_SlotFragment } from '../../../gql/graphql';
import { PanelCard } from '../../../shared/components/content/PanelCard';
import { FormError } from '../../../shared/components/FormError';
import { errorMessage } from '../../../shared/lib/error-message';
import {
  addDays,
  dayKeyOf,
  describeZone,
  formatDayKey,
  todayIn,
  weekStartOf,
  zonedInstant,
  type DayKey,
} from '../../../shared/lib/zoned-time';
import { useDeleteSlot } from '../hooks/useDeleteSlot';
import { AddSlotForm } from './AddSlotForm';
import { DaySlotList } from './DaySlotList';
import { WeekStrip } from './WeekStrip';

interface Props {
  creatorId: string;
  zone: string;
}

/** Groups slots by their local day in `zone`. */
function byDay(slots: readonly DaySlotList_SlotFragment[], zone: string) {
  const days: Record<DayKey, DaySlotList_SlotFragment[]> = {};
  for (const slot of slots) (days[dayKeyOf(slot.startTime, zone)] ??= []).push(slot);
  return days;
}

/** Spec §2 "Availability manager": the week view, the chosen day's slots and the Add Slot form. */
export function AvailabilityManager({ creatorId, zone }: Props) {
  const now = new Date();
  const today = todayIn(zone, now);
  const [weekStart, setWeekStart] = useState(() => weekStartOf(today));
  const [selected, setSelected] = useState<DayKey | null>(null);
  const { deleteSlot, deletingId } = useDeleteSlot();

  const { data, loading, error } = useAvailabilityWeekQuery({
    variables: {
      creatorId,
      from: zonedInstant(weekStart, '00:00', zone).toISOString(),
      to: zonedInstant(addDays(weekStart, 7), '00:00', zone).toISOString(),
    },
    fetchPolicy: 'cache-and-network',
  });

  const slotsByDay = useMemo(() => byDay(data?.availabilitySlots ?? [], zone), [data, zone]);
  const counts = useMemo(() => {
    if (!data) return undefined;
    return Object.fromEntries(
      Array.from({ length: 7 }, (_, i) => addDays(weekStart, i)).map((d) => [d, slotsByDay[d]?.length ?? 0]),
    );
  }, [data, slotsByDay, weekStart]);

  const goToWeek = (sunday: DayKey) => {
    setWeekStart(sunday);
    setSelected(null);
  };

  return (
    <PanelCard
      icon={LuCalendarDays}
      title="Availability"
      description={`Times are in your time zone, ${describeZone(zone, now)}.`}
    >
      <Stack gap="5">
        <WeekStrip
          weekStart={weekStart}
          today={today}
          selected={selected}
          counts={counts}
          onSelect={(day) => day >= today && setSelected(day)}
          onPreviousWeek={() => goToWeek(addDays(weekStart, -7))}
          onNextWeek={() => goToWeek(addDays(weekStart, 7))}
          onToday={() => {
            setWeekStart(weekStartOf(today));
            setSelected(today);
          }}
        />
        {error && <FormError message={errorMessage(error, 'Failed to load availability')} />}
        <Grid templateColumns={{ base: '1fr', md: 'minmax(0, 1fr) minmax(0, 1fr)' }} gap="5">
          <Box>
            <Heading as="h3" size="sm" mb="2">
              {selected ? formatDayKey(selected) : 'Slots'}
            </Heading>
            {!selected ? (
              <Box color="fg.muted" textStyle="sm">
                Select a day to see its slots.
              </Box>
            ) : loading && !data ? (
              <Stack gap="2">
                <Skeleton h="10" />
                <Skeleton h="10" />
              </Stack>
            ) : (
              <DaySlotList
                slots={slotsByDay[selected] ?? []}
                zone={zone}
                now={now}
                deletingId={deletingId}
                onDelete={(slot) => void deleteSlot(slot.id)}
              />
            )}
          </Box>
          <AddSlotForm day={selected} zone={zone} />
        </Grid>
      </Stack>
    </PanelCard>
  );
}
