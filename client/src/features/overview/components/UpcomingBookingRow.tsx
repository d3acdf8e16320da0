import { Badge, HStack, Stack, Text } from '@chakra-ui/react';
import type { UpcomingBookingRow_BookingFragment } from '../../../gql/graphql';
import { formatCents } from '../../../shared/lib/money';
import { formatDateTime, zoneAbbreviation } from '../../../shared/lib/zoned-time';

/** A collaboration still to come: who it is with and when (in the viewer's time zone, named). */
export function UpcomingBookingRow({ booking, zone }: { booking: UpcomingBookingRow_BookingFragment; zone: string }) {
  const asCreator = booking.viewerRole === 'CREATOR';
  const hours = `${booking.totalHours} ${booking.totalHours === 1 ? 'hour' : 'hours'}`;
  return (
    <HStack as="li" justify="space-between" gap="3" py="3" align="start">
      <Stack gap="0.5" minW="0">
        <HStack gap="2" minW="0">
          <Text fontWeight="medium" truncate>
            {asCreator ? booking.booker.name : booking.creator.displayName}
          </Text>
          <Badge size="sm" variant="subtle" colorPalette={asCreator ? 'brand' : 'accent'} flexShrink={0}>
            {asCreator ? 'Booking Request' : 'Collab'}
          </Badge>
        </HStack>
        <Text fontSize="sm" color="fg.muted">
          <time dateTime={booking.startTime}>
            {formatDateTime(booking.startTime, zone)} {zoneAbbreviation(zone, booking.startTime)}
          </time>{' '}
          · {hours}
        </Text>
      </Stack>
      <Text fontWeight="semibold" flexShrink={0}>
        {formatCents(asCreator ? booking.money.creatorCents : booking.money.priceCents)}
      </Text>
    </HStack>
  );
}
