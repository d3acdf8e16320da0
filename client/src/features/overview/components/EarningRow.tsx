import { HStack, Stack, Text } from '@chakra-ui/react';
import type { EarningRow_BookingFragment } from '../../../gql/graphql';
import { formatCents } from '../../../shared/lib/money';
import { formatDay } from '../../../shared/lib/zoned-time';

/**
 * A booking that earned the creator money, and how much (the ledger's share, the figure every
 * channel tells): a completed booking, or the share kept after the brand cancelled late.
 */
export function EarningRow({ booking, zone }: { booking: EarningRow_BookingFragment; zone: string }) {
  const hours = `${booking.totalHours} ${booking.totalHours === 1 ? 'hour' : 'hours'}`;
  const cancelled = booking.status === 'CANCELLED';
  const when = cancelled ? (booking.cancelledAt ?? booking.startTime) : (booking.completedAt ?? booking.startTime);
  return (
    <HStack as="li" justify="space-between" gap="3" py="3">
      <Stack gap="0" minW="0">
        <Text fontWeight="medium" truncate>
          {booking.booker.name}
        </Text>
        <Text fontSize="sm" color="fg.muted">
          {formatDay(when, zone)} · {cancelled ? `Cancelled late: your share of ${hours}` : hours}
        </Text>
      </Stack>
      <Text fontWeight="semibold" color="green.fg" flexShrink={0}>
        +{formatCents(booking.money.creatorCents)}
      </Text>
    </HStack>
  );
}
