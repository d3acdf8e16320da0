import { Badge, Flex, Heading, Skeleton, Stack, Text } from '@chakra-ui/react';
import type { DaySlotList_SlotFragment } from '../../../gql/graphql';
import { formatDay, formatTime } from '../../../shared/lib/zoned-time';
import { UPCOMING_DAYS, UPCOMING_SHOWN } from '../lib/slot-rules';

interface Props {
  slots: DaySlotList_SlotFragment[] | undefined;
  zone: string;
}

/** The free slots of the next 14 days: the first 20, then "+N more" (spec §2, §9). */
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
        <Flex as="ul" gap="2" wrap="wrap" listStyleType="none" aria-label="Upcoming available slots">
          {shown.map((slot) => (
            <Badge as="li" key={slot.id} variant="surface" colorPalette="brand" size="md" px="2" py="1">
              {formatDay(slot.startTime, zone)} · {formatTime(slot.startTime, zone)}
            </Badge>
          ))}
          {more > 0 && (
            <Badge as="li" variant="subtle" colorPalette="gray" size="md" px="2" py="1">
              +{more} more
            </Badge>
          )}
        </Flex>
      )}
    </Stack>
  );
}
