import { HStack, Stack, Text } from '@chakra-ui/react';
import type { EarningRow_BookingFragment } from '../../../gql/graphql';
import { formatCents } from '../../../shared/lib/money';
import { formatDay } from '../../../shared/lib/zoned-time';

/** A completed booking and what the creator earned from it. */
export function EarningRow({ booking, zone }: { booking: EarningRow_BookingFragment; zone: string }) {
  const hours = `${booking.totalHours} ${booking.totalHours === 1 ? 'hour' : 'hours'}`;
  return (
    <HStack as="li" justify="space-between" gap="3" py="3">
      <Stack gap="0" minW="0">
        <Text fontWeight="medium" truncate>
          {booking.booker.name}
        </Text>
        <Text fontSize="sm" color="fg.muted">
          {formatDay(booking.completedAt ?? booking.startTime, zone)} · {hours}
        </Text>
      </Stack>
      <Text fontWeight="semibold" color="green.fg" flexShrink={0}>
        +{formatCents(booking.money.creatorCents)}
      </Text>
    </HStack>
  );
}
