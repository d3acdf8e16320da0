import { Flex, IconButton, Separator, Skeleton, Stack, Text } from '@chakra-ui/react';
import { useMemo } from 'react';
import { LuRepeat, LuTrash2 } from 'react-icons/lu';
import { useRecurringSchedulesQuery, useUpcomingFreeSlotsQuery } from '../../../gql/graphql';
import { PanelCard } from '../../../shared/components/content/PanelCard';
import { FormError } from '../../../shared/components/FormError';
import { errorMessage } from '../../../shared/lib/error-message';
import { addDays, todayIn, zonedInstant } from '../../../shared/lib/zoned-time';
import { useDeleteRecurringSchedule } from '../hooks/useDeleteRecurringSchedule';
import { describeDays, UPCOMING_DAYS } from '../lib/slot-rules';
import { AddScheduleDialog } from './AddScheduleDialog';
import { UpcomingSlots } from './UpcomingSlots';

interface Props {
  creatorId: string;
  zone: string;
}

/** Spec §2 "Recurring schedule manager": weekly patterns, Add Schedule, and the upcoming free slots. */
export function RecurringScheduleManager({ creatorId, zone }: Props) {
  const { data, loading, error } = useRecurringSchedulesQuery({ variables: { creatorId } });
  const { deleteSchedule, deletingId } = useDeleteRecurringSchedule();

  // The generation window: 14 local days from tomorrow (spec §9).
  const today = todayIn(zone);
  const window = useMemo(
    () => ({
      from: zonedInstant(addDays(today, 1), '00:00', zone).toISOString(),
      to: zonedInstant(addDays(today, 1 + UPCOMING_DAYS), '00:00', zone).toISOString(),
    }),
    [today, zone],
  );
  const upcoming = useUpcomingFreeSlotsQuery({
    variables: { creatorId, ...window },
    fetchPolicy: 'cache-and-network',
  });
  const freeSlots = upcoming.data?.availabilitySlots.filter((slot) => !slot.isBooked);

  const patterns = data?.recurringPatterns ?? [];

  return (
    <PanelCard
      icon={LuRepeat}
      title="Recurring Schedule"
      description="Weekly patterns that create your slots automatically."
      actions={<AddScheduleDialog zone={zone} />}
    >
      <Stack gap="4">
        {error && <FormError message={errorMessage(error, 'Failed to load recurring schedules')} />}
        {loading && !data ? (
          <Skeleton h="12" />
        ) : patterns.length === 0 ? (
          <Text color="fg.muted" textStyle="sm">
            No recurring schedules yet.
          </Text>
        ) : (
          <Stack as="ul" gap="2" listStyleType="none" aria-label="Recurring schedules">
            {patterns.map((pattern) => (
              <Flex
                as="li"
                key={pattern.id}
                align="center"
                justify="space-between"
                gap="3"
                px="3"
                py="2"
                rounded="lg"
                borderWidth="1px"
                borderColor="border.muted"
                bg="surface.raised"
              >
                <Stack gap="0" minW="0">
                  <Text fontWeight="semibold" textStyle="sm" truncate>
                    {pattern.title}
                  </Text>
                  <Text textStyle="xs" color="fg.muted">
                    {describeDays(pattern.daysOfWeek)} · {pattern.startTime} – {pattern.endTime}
                  </Text>
                </Stack>
                <IconButton
                  aria-label={`Delete schedule ${pattern.title}`}
                  size="xs"
                  variant="ghost"
                  colorPalette="red"
                  loading={deletingId === pattern.id}
                  onClick={() => void deleteSchedule(pattern.id)}
                >
                  <LuTrash2 />
                </IconButton>
              </Flex>
            ))}
          </Stack>
        )}
        <Separator />
        {upcoming.error && <FormError message={errorMessage(upcoming.error, 'Failed to load upcoming slots')} />}
        <UpcomingSlots slots={freeSlots} zone={zone} />
      </Stack>
    </PanelCard>
  );
}
