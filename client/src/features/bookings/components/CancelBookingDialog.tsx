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

/**
 * Withdraw a request / Cancel / "Cancel (fee applies)": the refund is quoted by the server before
 * confirming, and the booking card afterwards shows the same amounts (its ledger settlement).
 */
export function CancelBookingDialog({
  booking,
  creatorSide,
}: {
  booking: BookingCard_BookingFragment;
  creatorSide: boolean;
}) {
  const [open, setOpen] = useState(false);
  const { quote, loading, error } = useCancellationQuote(booking.id, open);
  const { cancel, cancelling } = useCancelBooking();
  const label = cancelLabel(booking);
  const request = booking.status === 'PENDING';

  return (
    <ActionDialog
      trigger={
        <Button size="sm" variant="outline" colorPalette="red">
          {label}
        </Button>
      }
      title={request ? 'Withdraw this request?' : 'Cancel this booking?'}
      confirmLabel={request ? 'Withdraw Request' : 'Cancel Booking'}
      cancelLabel={request ? 'Keep Request' : 'Keep Booking'}
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
      ) : quote && request ? (
        <>
          <Text>
            The creator has not accepted yet, so withdrawing is free:{' '}
            {quote.refundCents > 0 ? (
              <>
                the hold of <strong data-testid="refund-amount">{formatCents(quote.refundCents)}</strong> on the card is
                released in full and nothing is charged.
              </>
            ) : (
              'nothing was charged.'
            )}
          </Text>
          <Text textStyle="sm" color="fg.muted">
            The hours become free for others again. This cannot be undone.
          </Text>
        </>
      ) : quote ? (
        <>
          <Text>
            {creatorSide ? 'The booker will be refunded' : 'You will be refunded'}{' '}
            <strong data-testid="refund-amount">{formatCents(quote.refundCents)}</strong>
            {quote.refundCents === booking.totalCents
              ? ' (the full amount).'
              : ` of ${formatCents(booking.totalCents)}.`}
          </Text>
          {quote.feeApplies && (
            <Text color="fg.warning" textStyle="sm">
              The free cancellation period has passed, so part of the price is kept: the creator keeps{' '}
              <span data-testid="creator-keeps">{formatCents(quote.creatorKeepsCents)}</span> and the platform fee is{' '}
              <span data-testid="platform-fee">{formatCents(quote.platformFeeCents)}</span>.
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
