import { Badge, Box, Card, Flex, Heading, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import type { SupportDisputeCard_DisputeFragment } from '../../../gql/graphql';
import { DetailList } from '../../../shared/components/DetailList';
import { GlassCard } from '../../../shared/components/content/GlassCard';
import { formatCents } from '../../../shared/lib/money';
import { formatDateTime, formatDay, formatTimeRange } from '../../../shared/lib/zoned-time';
import { Evidence } from '../../bookings/components/BookingNotes';
import { BookingHistoryList } from '../../bookings/components/BookingHistoryList';
import { BookingStatusBadges } from '../../bookings/components/BookingStatusBadges';
import { BookingWork } from '../../bookings/components/BookingWork';
import { BookingDocuments } from '../../documents/components/BookingDocuments';
import { RESOLUTION_LABELS } from '../lib/support-rules';
import { ResolveDisputeDialog } from './ResolveDisputeDialog';
import { WarnUserDialog } from './WarnUserDialog';

function PartyStatement({
  role,
  name,
  email,
  opened,
  children,
}: {
  role: string;
  name: string;
  email: string;
  opened: boolean;
  children: React.ReactNode;
}) {
  return (
    <Box borderWidth="1px" borderColor="border.muted" rounded="lg" p="3" bg="surface.raised">
      <Flex align="center" gap="2" wrap="wrap" mb="2">
        <Text fontWeight="semibold">{name}</Text>
        <Badge variant="subtle">{role}</Badge>
        {opened && (
          <Badge colorPalette="orange" variant="subtle">
            Opened the dispute
          </Badge>
        )}
      </Flex>
      <Text textStyle="xs" color="fg.muted" mb="2" wordBreak="break-all">
        {email}
      </Text>
      <Stack gap="1" textStyle="sm">
        {children}
      </Stack>
    </Box>
  );
}

/** One dispute as support reads it: both parties and statements, the booking, and the decisions. */
export function SupportDisputeCard({ dispute }: { dispute: SupportDisputeCard_DisputeFragment }) {
  const { booking } = dispute;
  const bookerOpened = dispute.openedBy === 'BOOKER';
  const opener = (
    <>
      <Text>
        <strong>Reason:</strong> {dispute.reason}
      </Text>
      {dispute.evidence && (
        <Text>
          <strong>Evidence:</strong> <Evidence text={dispute.evidence} />
        </Text>
      )}
    </>
  );
  const respondent = dispute.respondentStatement ? (
    <Text>
      <strong>Statement:</strong> {dispute.respondentStatement}
    </Text>
  ) : (
    <Text color="fg.muted">No statement yet.</Text>
  );
  const headingId = `dispute-${dispute.id}`;
  const refundable = booking.totalCents - booking.refundCents;
  const open = !dispute.resolvedAt;

  return (
    <GlassCard as="article" aria-labelledby={headingId}>
      <Card.Body gap="4">
        <Flex justify="space-between" gap="3" wrap="wrap" align="flex-start">
          <Stack gap="0.5">
            <Heading as="h2" size="md" id={headingId}>
              {dispute.kind === 'CREATOR_NO_SHOW' ? 'No-show report' : 'Dispute'}: {dispute.bookerName} ×{' '}
              {dispute.creatorName}
            </Heading>
            <Text textStyle="sm" color="fg.muted">
              Opened {formatDateTime(dispute.createdAt)} · Session {formatDay(booking.startTime)},{' '}
              {formatTimeRange(booking.startTime, booking.endTime)}
            </Text>
          </Stack>
          <BookingStatusBadges status={booking.status} paymentStatus={booking.paymentStatus} />
        </Flex>

        <SimpleGrid columns={{ base: 1, md: 2 }} gap="3">
          <PartyStatement role="Booker" name={dispute.bookerName} email={dispute.bookerEmail} opened={bookerOpened}>
            {bookerOpened ? opener : respondent}
          </PartyStatement>
          <PartyStatement role="Creator" name={dispute.creatorName} email={dispute.creatorEmail} opened={!bookerOpened}>
            {bookerOpened ? respondent : opener}
          </PartyStatement>
        </SimpleGrid>

        <DetailList
          items={[
            { label: 'Hours', value: `${booking.totalHours} h at ${formatCents(booking.hourlyRateCents)}/h` },
            { label: 'Total paid', value: formatCents(booking.totalCents) },
            { label: 'Platform fee', value: formatCents(booking.feeCents) },
            { label: 'Creator share', value: formatCents(booking.creatorAmountCents) },
          ]}
        />
        {booking.bookingDetails && (
          <Text textStyle="sm">
            <strong>Booking details:</strong> {booking.bookingDetails}
          </Text>
        )}

        <Box as="section" aria-labelledby={`${headingId}-work`}>
          <Heading as="h3" size="sm" mb="2" id={`${headingId}-work`}>
            What was agreed and delivered
          </Heading>
          <BookingWork booking={booking} creatorSide={false} readOnly />
        </Box>

        <Box>
          <Heading as="h3" size="sm" mb="1">
            Booking history
          </Heading>
          <BookingHistoryList history={booking.history} label={`Booking history of ${dispute.bookerName} × ${dispute.creatorName}`} />
          <BookingDocuments bookingId={booking.id} />
        </Box>

        {dispute.resolution && (
          <Box
            borderLeftWidth="3px"
            borderColor="green.solid"
            bg="green.subtle"
            px="3"
            py="2"
            rounded="md"
            textStyle="sm"
          >
            <strong>{RESOLUTION_LABELS[dispute.resolution]}</strong>
            {dispute.refundCents ? ` — ${formatCents(dispute.refundCents)} refunded` : ''}
            {dispute.resolvedAt ? ` on ${formatDateTime(dispute.resolvedAt)}` : ''}
            {dispute.resolutionNote ? `. Note: ${dispute.resolutionNote}` : ''}
          </Box>
        )}

        <Flex gap="2" wrap="wrap" role="group" aria-label="Support actions">
          {open &&
            (['REFUND_FULL', 'REFUND_PARTIAL', 'RELEASE'] as const).map((resolution) => (
              <ResolveDisputeDialog
                key={resolution}
                disputeId={dispute.id}
                resolution={resolution}
                totalCents={booking.totalCents}
                refundableCents={refundable}
                bookerName={dispute.bookerName}
                creatorName={dispute.creatorName}
              />
            ))}
          <WarnUserDialog
            bookingId={booking.id}
            parties={[
              { userId: dispute.bookerId, label: 'booker', name: dispute.bookerName },
              { userId: dispute.creatorUserId, label: 'creator', name: dispute.creatorName },
            ]}
          />
        </Flex>
      </Card.Body>
    </GlassCard>
  );
}
