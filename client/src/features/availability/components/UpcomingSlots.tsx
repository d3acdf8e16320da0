import { Badge, Flex, Heading, Skeleton, Stack, Text } from '@chakra-ui/react';
import type { DaySlotList_SlotFragment } from '../../../gql/graphql';
import { dayKeyOf, formatDay, formatTime } from '../../../shared/lib/zoned-time';
import { UPCOMING_DAYS, UPCOMING_SHOWN } from '../lib/slot-rules';

interface Props {
  slots: DaySlotList_SlotFragment[] | undefined;
  zone: string;
}

/** Groups slots (already in time order) by their local day. */
function byDay(slots: DaySlotList_SlotFragment[], zone: string) {
  const days: { key: string; label: string; slots: DaySlotList_SlotFragment[] }[] = [];
  for (const slot of slots) {
    const key = dayKeyOf(slot.startTime, zone);
    if (days.at(-1)?.key !== key) days.push({ key, label: formatDay(slot.startTime, zone), slots: [] });
    days.at(-1)!.slots.push(slot);
  }
  return days;
}

/** The free slots of the next 14 days: the first 20 (grouped by day), then "+N more" (spec §2, §9). */
export function UpcomingSlots({ slots, zone }: Props) {
  const shown = slots?.slice(0, UPCOMING_SHOWN) ?? [];
  const more = (slots?.length ?? 0) - shown.length;
  return (
    <Stack gap="2">
      <Heading as="h3" size="sm">
        Upcoming available slots (next {UPCOMING_DAYS} days)
      </Heading>
      {!slots ? (
        <Skeleton h="16" />
      ) : slots.length === 0 ? (
        <Text color="fg.muted" textStyle="sm">
          No upcoming available slots.
        </Text>
      ) : (
        <Stack gap="2" aria-label="Upcoming available slots" role="group">
          {byDay(shown, zone).map((day) => (
            <Flex key={day.key} gap="2" align="baseline" wrap={{ base: 'wrap', sm: 'nowrap' }}>
              <Text textStyle="xs" fontWeight="semibold" color="fg.muted" minW="24" flexShrink={0}>
                {day.label}
              </Text>
              <Flex as="ul" gap="1.5" wrap="wrap" listStyleType="none" aria-label={`Free slots on ${day.label}`}>
                {day.slots.map((slot) => (
                  <Badge
                    as="li"
                    key={slot.id}
                    data-testid="upcoming-slot"
                    variant="surface"
                    colorPalette="brand"
                    size="sm"
                  >
                    {formatTime(slot.startTime, zone)}
                  </Badge>
                ))}
              </Flex>
            </Flex>
          ))}
          {more > 0 && (
            <Text textStyle="sm" fontWeight="medium" color="fg.muted">
              +{more} more
            </Text>
          )}
        </Stack>
      )}
    </Stack>
  );
}
