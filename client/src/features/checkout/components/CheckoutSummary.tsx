import { Box, Flex, HStack, Icon, Separator, Skeleton, Stack, Text } from '@chakra-ui/react';
import { LuHandCoins } from 'react-icons/lu';
import type { CheckoutSummary_BookingFragment } from '../../../gql/graphql';
import { formatCents } from '../../../shared/lib/money';
import { formatDeadline, formatLongDate, formatTimeRange, zoneAbbreviation } from '../../../shared/lib/zoned-time';
import { CancellationPolicyLine } from '../../bookings/components/CancellationPolicyLine';
import { ProfileAvatar } from '../../../shared/components/ProfileAvatar';

interface Props {
  booking: CheckoutSummary_BookingFragment | null | undefined;
  /** The viewer's zone: every time on the page is shown (and named) in it. */
  zone: string;
  failed?: boolean;
}

/**
 * The order summary beside the card form: who is paid, when, rate × hours and the total, that the
 * amount is only held until the creator accepts (and until when they may), and the cancellation rule.
 */
export function CheckoutSummary({ booking, zone, failed = false }: Props) {
  if (!booking) {
    return failed ? (
      <Text color="fg.muted" textStyle="sm">
        The order summary could not be loaded; your booking is listed under Dashboard → Bookings.
      </Text>
    ) : (
      <Stack gap="3" role="status" aria-busy="true" aria-label="Loading the order summary">
        <Skeleton h="12" />
        <Skeleton h="20" />
      </Stack>
    );
  }
  const creator = booking.creator.displayName;
  const hours = booking.totalHours;
  const deadline = booking.requestDeadline ?? booking.startTime;
  const abbreviation = zoneAbbreviation(zone, booking.startTime); // "CEST"; for UTC the name itself
  return (
    <Stack gap="4" as="section" aria-label="Order summary" data-testid="order-summary">
      <Text textStyle="sm" fontWeight="semibold" color="fg.muted" textTransform="uppercase" letterSpacing="wide">
        Order summary
      </Text>
      <Flex gap="3" align="center">
        <ProfileAvatar name={creator} src={booking.creator.avatarUrl} size="lg" decorative />
        <Box minW="0">
          <Text fontWeight="semibold" data-testid="summary-creator">
            Collab with {creator}
          </Text>
          {booking.dueAt ? (
            <Text textStyle="sm">Due {formatLongDate(booking.dueAt, zone)}</Text>
          ) : (
            <>
              <Text textStyle="sm">{formatLongDate(booking.startTime, zone)}</Text>
              <Text textStyle="sm" color="fg.muted">
                {formatTimeRange(booking.startTime, booking.endTime, zone)} {abbreviation}
                {abbreviation === zone ? '' : ` · ${zone}`}
              </Text>
            </>
          )}
        </Box>
      </Flex>
      <Separator />
      <Stack gap="1.5" textStyle="sm">
        {(booking.lineItems ?? []).some((l) => l.kind !== 'hourly') ? (
          // What was agreed, line by line (a package or a custom offer).
          booking.lineItems.map((line, i) => (
            <Flex key={i} justify="space-between" gap="3" color="fg.muted" data-testid="summary-line">
              <Text minW="0" wordBreak="break-word">
                {line.label}
                {line.quantity > 1 ? ` × ${line.quantity}` : ''}
              </Text>
              <Text flexShrink={0}>{formatCents(line.totalCents)}</Text>
            </Flex>
          ))
        ) : (
          <Flex justify="space-between" color="fg.muted">
            <Text>
              {formatCents(booking.hourlyRateCents)} × {hours} hour{hours === 1 ? '' : 's'}
            </Text>
            <Text>{formatCents(booking.totalCents)}</Text>
          </Flex>
        )}
        <Flex justify="space-between" fontWeight="bold" textStyle="lg">
          <Text>Total</Text>
          <Text data-testid="summary-total">{formatCents(booking.totalCents)}</Text>
        </Flex>
      </Stack>
      <Separator />
      <HStack gap="2" align="flex-start" textStyle="sm">
        <Icon as={LuHandCoins} boxSize="4" mt="0.5" color="green.fg" aria-hidden />
        <Text flex="1" data-testid="summary-hold">
          The amount is held on your card, not charged, until {creator} accepts. They have until{' '}
          <strong>{formatDeadline(deadline, zone)}</strong> to answer; if they decline or do not answer, the hold is
          released.
        </Text>
      </HStack>
      <CancellationPolicyLine terms={booking.cancellationTerms} zone={zone} />
    </Stack>
  );
}
