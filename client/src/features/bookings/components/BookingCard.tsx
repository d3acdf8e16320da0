import { Box, Card, Flex, Heading, Stack, Text } from '@chakra-ui/react';
import type { BookingCard_BookingFragment } from '../../../gql/graphql';
import { GlassCard } from '../../../shared/components/content/GlassCard';
import { formatCents } from '../../../shared/lib/money';
import { formatDay, formatDeadline, formatTimeRange, zoneAbbreviation } from '../../../shared/lib/zoned-time';
import { useViewerZone } from '../../profile/hooks/useViewerZone';
import { bookingHeading } from '../lib/booking-view';
import { BookingActions } from './BookingActions';
import { CancellationDetails, CompletionState, DisputeDetails } from './BookingNotes';
import { BookingStatusBadges } from './BookingStatusBadges';
import { BookingWork } from './BookingWork';
import { DetailList } from '../../../shared/components/DetailList';
import { BookingConversation } from '../../conversations/components/BookingConversation';
import { BookingDocuments } from '../../documents/components/BookingDocuments';
import { ProfileAvatar } from '../../../shared/components/ProfileAvatar';
import { BrandBlock } from '../../brands/components/BrandBlock';

interface Props {
  booking: BookingCard_BookingFragment;
  creatorSide: boolean;
}

/** One booking of "My Bookings": who, when, how much, where it stands, and what the viewer may do. */
export function BookingCard({ booking, creatorSide }: Props) {
  const heading = bookingHeading(booking, creatorSide);
  const zone = useViewerZone();
  const headingId = `booking-${booking.id}-title`;

  return (
    <GlassCard as="article" aria-labelledby={headingId} data-booking-id={booking.id}>
      <Card.Body gap="4" p={{ base: '4', md: '5' }}>
        <Flex gap="3" align="flex-start" justify="space-between" wrap="wrap">
          <Flex gap="3" align="center" minW="0">
            <ProfileAvatar name={heading.counterpart} src={creatorSide ? (booking.brand?.avatarUrl ?? null) : booking.creator.avatarUrl} decorative />
            <Box minW="0">
              <Heading as="h3" size="md" id={headingId}>
                {heading.title}{' '}
                <Text as="span" fontWeight="normal" color="fg.muted">
                  {heading.preposition}
                </Text>{' '}
                <Text as="span" data-testid="counterpart">
                  {heading.counterpart}
                </Text>
              </Heading>
              <Text textStyle="sm" color="fg.muted">
                {formatDay(booking.startTime, zone)} · {formatTimeRange(booking.startTime, booking.endTime, zone)}{' '}
                {zoneAbbreviation(zone, booking.startTime)}
              </Text>
            </Box>
          </Flex>
          <BookingStatusBadges status={booking.status} paymentStatus={booking.paymentStatus} />
        </Flex>

        {creatorSide && booking.brand && <BrandBlock brand={booking.brand} />}

        <DetailList items={moneyItems(booking, creatorSide)} />

        {booking.requestDeadline && booking.paymentStatus === 'HELD' && (
          <Text textStyle="sm" color="fg.muted" data-testid="request-deadline">
            {creatorSide ? 'Answer by' : 'The creator has until'} {formatDeadline(booking.requestDeadline, zone)}
            {creatorSide ? '; the request lapses then.' : ' to accept; your card is not charged until then.'}
          </Text>
        )}

        {booking.bookingDetails && (
          <Text textStyle="sm" whiteSpace="pre-wrap">
            <Text as="span" fontWeight="semibold">
              Details:{' '}
            </Text>
            {booking.bookingDetails}
          </Text>
        )}

        <Stack gap="2">
          <CompletionState booking={booking} creatorSide={creatorSide} />
          {booking.dispute && <DisputeDetails dispute={booking.dispute} creatorSide={creatorSide} />}
          {booking.status === 'CANCELLED' && <CancellationDetails booking={booking} />}
        </Stack>

        <BookingWork booking={booking} creatorSide={creatorSide} />
        <BookingActions booking={booking} creatorSide={creatorSide} counterpart={heading.counterpart} />
        <BookingConversation booking={booking} counterpart={heading.counterpart} />
        <BookingDocuments bookingId={booking.id} revision={`${booking.status}:${booking.paymentStatus}:${booking.settlement.refundedCents}`} />
        <Text textStyle="xs" color="fg.muted">
          Times in your time zone ({zone}). Booking {booking.id.slice(0, 8)}
        </Text>
      </Card.Body>
    </GlassCard>
  );
}

/**
 * The card's money lines. Once money moved (a cancel, a completion, a resolved dispute) they are
 * the ledger's amounts, the very ones the cancel dialog quoted; before that the price as booked.
 */
function moneyItems(booking: BookingCard_BookingFragment, creatorSide: boolean) {
  const base = [
    { label: 'Hours', value: `${booking.totalHours} h` },
    { label: 'Rate', value: `${formatCents(booking.hourlyRateCents)}/h` },
    { label: 'Total', value: formatCents(booking.totalCents) },
  ];
  const { settlement } = booking;
  const settled = settlement.refundedCents + settlement.platformFeeCents + settlement.creatorCents > 0;
  if (booking.status === 'CANCELLED') {
    if (settlement.capturedCents === 0) return [...base, { label: 'Charged', value: `${formatCents(0)} (hold released)` }];
    return [
      ...base,
      { label: 'Refunded', value: formatCents(settlement.refundedCents) },
      ...(settlement.creatorCents > 0 ? [{ label: creatorSide ? 'Your share' : 'Creator keeps', value: formatCents(settlement.creatorCents) }] : []),
      ...(settlement.platformFeeCents > 0 ? [{ label: 'Platform fee', value: formatCents(settlement.platformFeeCents) }] : []),
    ];
  }
  if (settled) {
    return [
      ...base,
      ...(settlement.refundedCents > 0 ? [{ label: 'Refunded', value: formatCents(settlement.refundedCents) }] : []),
      creatorSide
        ? { label: 'Your share', value: formatCents(settlement.creatorCents) }
        : { label: 'Platform fee', value: formatCents(settlement.platformFeeCents) },
    ];
  }
  return [
    ...base,
    creatorSide
      ? { label: 'Your share', value: formatCents(booking.creatorAmountCents) }
      : { label: 'Platform fee', value: formatCents(booking.feeCents) },
  ];
}
