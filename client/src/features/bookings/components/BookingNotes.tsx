import { Box, Link, Stack, Text } from '@chakra-ui/react';
import type { BookingCard_BookingFragment, BookingDisputeDetails_DisputeFragment } from '../../../gql/graphql';
import { formatCents } from '../../../shared/lib/money';
import { formatDeadline } from '../../../shared/lib/zoned-time';
import { useViewerZone } from '../../profile/hooks/useViewerZone';
import { cancelledByLabel } from '../lib/booking-view';

const RESOLUTIONS = {
  REFUND_FULL: 'Refunded in full',
  REFUND_PARTIAL: 'Partially refunded',
  RELEASE: 'Released to the creator',
};

/** Evidence may be free text or a link; a link opens in a new tab. */
export function Evidence({ text }: { text: string }) {
  const isLink = /^https?:\/\/\S+$/i.test(text.trim());
  return isLink ? (
    <Link href={text.trim()} target="_blank" rel="noopener noreferrer" colorPalette="brand" wordBreak="break-all">
      {text.trim()}
    </Link>
  ) : (
    <Text as="span" whiteSpace="pre-wrap">
      {text}
    </Text>
  );
}

function Note({
  tone,
  title,
  children,
}: {
  tone: 'orange' | 'red' | 'green' | 'gray';
  title: string;
  children: React.ReactNode;
}) {
  return (
    <Box
      borderLeftWidth="3px"
      borderColor={`${tone}.solid`}
      bg={`${tone}.subtle`}
      px="3"
      py="2"
      rounded="md"
      textStyle="sm"
    >
      <Text fontWeight="semibold" mb="1">
        {title}
      </Text>
      <Stack gap="1">{children}</Stack>
    </Box>
  );
}

/** Spec §2: dispute details on the booking. */
export function DisputeDetails({
  dispute,
  creatorSide,
}: {
  dispute: BookingDisputeDetails_DisputeFragment;
  creatorSide: boolean;
}) {
  const mine = dispute.openedBy === (creatorSide ? 'CREATOR' : 'BOOKER');
  const opener = mine ? 'you' : dispute.openedBy === 'CREATOR' ? 'the creator' : 'the booker';
  return (
    <Note tone="orange" title={dispute.kind === 'CREATOR_NO_SHOW' ? 'Creator no-show reported' : 'Dispute'}>
      <Text>
        <strong>Reason</strong> (by {opener}): {dispute.reason}
      </Text>
      {dispute.evidence && (
        <Text>
          <strong>Evidence:</strong> <Evidence text={dispute.evidence} />
        </Text>
      )}
      {dispute.respondentStatement && (
        <Text>
          <strong>Response:</strong> {dispute.respondentStatement}
        </Text>
      )}
      {dispute.resolution ? (
        <Text>
          <strong>Outcome:</strong> {RESOLUTIONS[dispute.resolution]}
          {dispute.refundCents ? ` (${formatCents(dispute.refundCents)} refunded)` : ''}
          {dispute.resolutionNote ? ` — ${dispute.resolutionNote}` : ''}
        </Text>
      ) : (
        <Text color="fg.muted">Support is reviewing this dispute.</Text>
      )}
    </Note>
  );
}

/** Spec §2: cancellation details, with the refund when it is above 0 (refund_amount is in cents). */
export function CancellationDetails({ booking }: { booking: BookingCard_BookingFragment }) {
  const zone = useViewerZone();
  return (
    <Note tone="red" title={cancelledByLabel(booking.cancelledByRole, booking.viewerRole) ?? 'Cancelled'}>
      {booking.cancellationReason && (
        <Text>
          <strong>Reason:</strong> {booking.cancellationReason}
        </Text>
      )}
      {booking.cancelledAt && <Text>On {formatDeadline(booking.cancelledAt, zone)}</Text>}
      {booking.settlement.refundedCents > 0 && (
        <Text>
          <strong>Refund amount:</strong> {formatCents(booking.settlement.refundedCents)}
        </Text>
      )}
    </Note>
  );
}

/** Who has confirmed completion; both = payment released after completion (spec §2). */
export function CompletionState({
  booking,
  creatorSide,
}: {
  booking: BookingCard_BookingFragment;
  creatorSide: boolean;
}) {
  const { creatorConfirmed, bookerConfirmed } = booking;
  if (creatorConfirmed && bookerConfirmed) {
    const released = booking.paymentStatus === 'RELEASED' || booking.paymentStatus === 'PAID_OUT';
    return (
      <Note tone="green" title="Both parties confirmed completion">
        <Text>
          {released
            ? 'The payment has been released to the creator.'
            : 'Payment is released to the creator after completion (within 2-3 business days).'}
        </Text>
      </Note>
    );
  }
  if (!creatorConfirmed && !bookerConfirmed) return null;
  const mine = creatorSide ? creatorConfirmed : bookerConfirmed;
  return (
    <Note tone="gray" title="Completion">
      <Text>
        {mine ? 'You confirmed completion. Waiting for the other party.' : 'The other party confirmed completion.'}
      </Text>
    </Note>
  );
}
