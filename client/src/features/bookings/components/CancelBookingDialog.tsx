import { Button, Field, NativeSelect, Skeleton, Text, Textarea } from '@chakra-ui/react';
import { useState } from 'react';
import type { BookingCard_BookingFragment, CancellationReasonCode } from '../../../gql/graphql';
import { ActionDialog } from '../../../shared/components/ActionDialog';
import { FormError } from '../../../shared/components/FormError';
import { errorMessage } from '../../../shared/lib/error-message';
import { formatCents } from '../../../shared/lib/money';
import { useCancelBooking } from '../hooks/useCancelBooking';
import { useCancellationQuote } from '../hooks/useCancellationQuote';
import { CANCELLATION_REASONS, cancelLabel } from '../lib/booking-view';

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
  const [code, setCode] = useState<CancellationReasonCode | ''>('');
  const [words, setWords] = useState('');
  const { quote, loading, error } = useCancellationQuote(booking.id, open);
  const { cancel, cancelling } = useCancelBooking();
  const label = cancelLabel(booking);
  const request = booking.status === 'PENDING';
  // A reason is asked of everyone but the booker withdrawing a request not accepted yet; "Other" needs words.
  const reasonOptional = request && !creatorSide;
  const reasonMissing = (!reasonOptional && !code && !words.trim()) || (code === 'OTHER' && !words.trim());

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
      confirmDisabled={!quote?.allowed || reasonMissing}
      loading={cancelling}
      onOpenChange={(next) => {
        setOpen(next);
        if (next) {
          setCode('');
          setWords('');
        }
      }}
      onConfirm={() => cancel(booking.id, code || null, words)}
    >
      <Field.Root required={!reasonOptional}>
        <Field.Label>
          Reason{reasonOptional ? ' (optional)' : ''} <Field.RequiredIndicator />
        </Field.Label>
        <NativeSelect.Root size="sm">
          <NativeSelect.Field aria-label="Reason" value={code} onChange={(e) => setCode(e.target.value as CancellationReasonCode | '')}>
            <option value="">Choose a reason…</option>
            {CANCELLATION_REASONS.map((r) => (
              <option key={r.code} value={r.code}>
                {r.label}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </Field.Root>
      <Field.Root>
        <Field.Label>{code === 'OTHER' ? 'Tell them why' : 'Anything to add (optional)'}</Field.Label>
        <Textarea aria-label="Cancellation note" size="sm" maxLength={1000} value={words} onChange={(e) => setWords(e.target.value)} />
        <Field.HelperText>{creatorSide ? 'The brand' : 'The creator'} sees who cancelled and why.</Field.HelperText>
      </Field.Root>
      {loading || (!quote && !error) ? (
        <Skeleton h="12" role="status" aria-label="Loading the refund amount" />
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
