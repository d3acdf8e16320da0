import {
  Button,
  CloseButton,
  DataList,
  Dialog,
  Field,
  Portal,
  Stack,
  Textarea,
  useBreakpointValue,
} from '@chakra-ui/react';
import { useState, type FormEvent } from 'react';
import { useBookingCancellationTermsQuery } from '../../../gql/graphql';
import { FormError } from '../../../shared/components/FormError';
import { CancellationPolicyLine } from '../../bookings/components/CancellationPolicyLine';
import { formatCents } from '../../../shared/lib/money';
import { bookingTotalCents, type SelectionRange } from '../lib/slot-selection';
import { BookingTimes } from './BookingTimes';

interface Props {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  creatorName: string;
  creatorTimeZone: string;
  /** The viewer's zone: times and the cancellation deadline are shown in it. */
  viewerTimeZone: string;
  hourlyRateCents: number;
  range: SelectionRange;
  submitting: boolean;
  /** The last failure's message, shown in the dialog. */
  error: string | null;
  onConfirm: (bookingDetails: string) => void;
}

const FORM_ID = 'booking-checkout-form';

/** Spec §2: the booking summary, optional booking details, then confirm → secure payment. */
export function CheckoutDialog({
  open,
  onOpenChange,
  creatorName,
  creatorTimeZone,
  viewerTimeZone,
  hourlyRateCents,
  range,
  submitting,
  error,
  onConfirm,
}: Props) {
  const [details, setDetails] = useState('');
  const terms = useBookingCancellationTermsQuery({
    variables: { startTime: range.startTime },
    skip: !open,
  }).data?.cancellationTerms;

  // Full screen on a phone, a fitted dialog above. (A responsive `size` object would keep the
  // full-screen height on wide screens too: the md size does not reset it.)
  const size = useBreakpointValue<'full' | 'md'>({ base: 'full', sm: 'md' }) ?? 'md';

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    onConfirm(details.trim());
  };

  return (
    <Dialog.Root
      open={open}
      onOpenChange={(change) => !submitting && onOpenChange(change.open)}
      size={size}
      placement="center"
      scrollBehavior="inside"
      lazyMount
      unmountOnExit
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header flexDirection="column" alignItems="start" gap="1">
              <Dialog.Title>Confirm your booking</Dialog.Title>
              <Dialog.Description color="fg.muted" fontSize="sm">
                You pay on the next page. The amount is held on your card, not charged, until the creator accepts.
              </Dialog.Description>
            </Dialog.Header>
            <Dialog.Body>
              <Stack as="form" id={FORM_ID} gap="5" onSubmit={handleSubmit}>
                <DataList.Root orientation="horizontal" size="sm">
                  <DataList.Item>
                    <DataList.ItemLabel>Creator</DataList.ItemLabel>
                    <DataList.ItemValue>{creatorName}</DataList.ItemValue>
                  </DataList.Item>
                  <DataList.Item>
                    <DataList.ItemLabel>When</DataList.ItemLabel>
                    <DataList.ItemValue>
                      <BookingTimes range={range} creatorTimeZone={creatorTimeZone} viewerTimeZone={viewerTimeZone} />
                    </DataList.ItemValue>
                  </DataList.Item>
                  <DataList.Item>
                    <DataList.ItemLabel>Rate</DataList.ItemLabel>
                    <DataList.ItemValue>
                      {formatCents(hourlyRateCents)} × {range.hours} hour{range.hours === 1 ? '' : 's'}
                    </DataList.ItemValue>
                  </DataList.Item>
                  <DataList.Item>
                    <DataList.ItemLabel>Total</DataList.ItemLabel>
                    <DataList.ItemValue fontWeight="bold">
                      {formatCents(bookingTotalCents(hourlyRateCents, range.hours))}
                    </DataList.ItemValue>
                  </DataList.Item>
                </DataList.Root>
                <CancellationPolicyLine terms={terms} zone={viewerTimeZone} />
                <Field.Root>
                  <Field.Label>Booking details (optional)</Field.Label>
                  <Textarea
                    value={details}
                    maxLength={2000}
                    rows={4}
                    placeholder="What would you like to do together? Links, topics, platform…"
                    onChange={(event) => setDetails(event.target.value)}
                  />
                </Field.Root>
                <FormError message={error} />
              </Stack>
            </Dialog.Body>
            <Dialog.Footer>
              <Dialog.ActionTrigger asChild>
                <Button variant="outline" disabled={submitting}>
                  Cancel
                </Button>
              </Dialog.ActionTrigger>
              <Button type="submit" form={FORM_ID} loading={submitting} loadingText="Creating booking...">
                Confirm &amp; Pay
              </Button>
            </Dialog.Footer>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label="Close" disabled={submitting} />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
