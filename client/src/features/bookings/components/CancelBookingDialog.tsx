import { Button, Skeleton, Text } from '@chakra-ui/react';
import { useState } from 'react';
import type { BookingCard_BookingFragment } from '../../../gql/graphql';
import { ActionDialog } from '../../../shared/components/ActionDialog';
import { FormError } from '../../../shared/components/FormError';
import { errorMessage } from '../../../shared/lib/error-message';
import { formatCents } from '../../../shared/lib/money';
import { useCancelBooking } from '../hooks/useCancelBooking';
import { useCancellationQuote } from '../hooks/useCancellationQuote';
import { cancelLabel } from '../lib/booking-view';

/** Cancel (or "Cancel (fee applies)" under 24 h): the refund is quoted by the server before confirming. */
export function CancelBookingDialog({
  booking,
  streamerSide,
}: {
  booking: BookingCard_BookingFragment;
  streamerSide: boolean;
}) {
  const [open, setOpen] = useState(false);
  const { quote, loading, error } = useCancellationQuote(booking.id, open);
  const { cancel, cancelling } = useCancelBooking();
  const label = cancelLabel(booking.startTime);

  return (
    <ActionDialog
      trigger={
        <Button size="sm" variant="outline" colorPalette="red">
          {label}
        </Button>
      }
      title="Cancel this booking?"
      confirmLabel="Cancel Booking"
      cancelLabel="Keep Booking"
      confirmPalette="red"
      confirmDisabled={!quote?.allowed}
      loading={cancelling}
      onOpenChange={setOpen}
      onConfirm={() => cancel(booking.id)}
    >
      {loading || (!quote && !error) ? (
        <Skeleton h="12" aria-label="Loading the refund amount" />
      ) : error ? (
        <FormError message={errorMessage(error, 'Failed to load the refund amount')} />
      ) : quote && !quote.allowed ? (
        <FormError message={quote.reason ?? 'This booking cannot be cancelled now'} />
      ) : quote ? (
        <>
          <Text>
            {streamerSide ? 'The booker will be refunded' : 'You will be refunded'}{' '}
            <strong data-testid="refund-amount">{formatCents(quote.refundCents)}</strong>
            {quote.refundCents === booking.totalCents
              ? ' (the full amount).'
              : ` of ${formatCents(booking.totalCents)}.`}
          </Text>
          {quote.feeApplies && (
            <Text color="fg.warning" textStyle="sm">
              Less than 24 hours remain before the start, so a cancellation fee applies: the creator keeps{' '}
              {formatCents(quote.creatorKeepsCents)} and the platform fee is {formatCents(quote.platformFeeCents)}.
            </Text>
          )}
          <Text textStyle="sm" color="fg.muted">
            This cannot be undone.
          </Text>
        </>
      ) : null}
    </ActionDialog>
  );
}
