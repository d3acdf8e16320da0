import { Button, Field, Input, InputGroup, Text, Textarea } from '@chakra-ui/react';
import { useState } from 'react';
import type { DisputeResolution } from '../../../gql/graphql';
import { ActionDialog } from '../../../shared/components/ActionDialog';
import { FormError } from '../../../shared/components/FormError';
import { formatCents } from '../../../shared/lib/money';
import { useResolveDispute } from '../hooks/useResolveDispute';
import { parsePartialRefund, SUPPORT_MESSAGES } from '../lib/support-rules';

const VARIANTS: Record<DisputeResolution, { button: string; title: string; palette: 'red' | 'orange' | 'green' }> = {
  REFUND_FULL: { button: 'Refund full', title: 'Refund the booker in full', palette: 'red' },
  REFUND_PARTIAL: { button: 'Refund partial', title: 'Refund part of the booking', palette: 'orange' },
  RELEASE: { button: 'Release to creator', title: 'Release the payment to the creator', palette: 'green' },
};

interface Props {
  disputeId: string;
  resolution: DisputeResolution;
  totalCents: number;
  /** What can still go back to the booker (total less earlier refunds). */
  refundableCents: number;
  bookerName: string;
  creatorName: string;
}

/** One of support's three decisions, each with its reason (both parties read it); a partial refund asks for dollars. */
export function ResolveDisputeDialog({
  disputeId,
  resolution,
  totalCents,
  refundableCents,
  bookerName,
  creatorName,
}: Props) {
  const variant = VARIANTS[resolution];
  const [note, setNote] = useState('');
  const [amount, setAmount] = useState('');
  const [error, setError] = useState<string | null>(null);
  const { resolve, resolving } = useResolveDispute();

  const submit = async () => {
    let refundCents: number | undefined;
    if (resolution === 'REFUND_PARTIAL') {
      const parsed = parsePartialRefund(amount, refundableCents);
      if ('error' in parsed) {
        setError(parsed.error);
        return false;
      }
      refundCents = parsed.cents;
    }
    if (!note.trim()) {
      setError(SUPPORT_MESSAGES.decisionReasonRequired);
      return false;
    }
    return resolve({ disputeId, resolution, refundCents, note: note.trim() });
  };

  return (
    <ActionDialog
      trigger={
        <Button size="sm" colorPalette={variant.palette} variant={resolution === 'RELEASE' ? 'solid' : 'outline'}>
          {variant.button}
        </Button>
      }
      title={variant.title}
      confirmLabel={variant.button}
      confirmPalette={variant.palette}
      loading={resolving}
      onOpenChange={(open) => open && (setNote(''), setAmount(''), setError(null))}
      onConfirm={submit}
    >
      {resolution === 'REFUND_FULL' && (
        <Text>
          {bookerName} gets {formatCents(refundableCents)} back and the booking is cancelled. {creatorName} receives
          nothing.
        </Text>
      )}
      {resolution === 'RELEASE' && (
        <Text>
          The booking is completed and {creatorName} receives their share of {formatCents(totalCents)}; {bookerName}{' '}
          gets no refund.
        </Text>
      )}
      {resolution === 'REFUND_PARTIAL' && (
        <Field.Root required invalid={Boolean(error)}>
          <Field.Label>
            Refund amount (USD) <Field.RequiredIndicator />
          </Field.Label>
          <InputGroup startAddon="$">
            <Input
              inputMode="decimal"
              value={amount}
              placeholder="0.00"
              onChange={(event) => {
                setAmount(event.target.value);
                setError(null);
              }}
            />
          </InputGroup>
          <Field.HelperText>
            More than $0 and less than {formatCents(refundableCents)}. The platform fee is 10% of what the booker keeps
            paying; the creator gets the rest.
          </Field.HelperText>
        </Field.Root>
      )}
      <Field.Root required>
        <Field.Label>
          Reason <Field.RequiredIndicator />
        </Field.Label>
        <Textarea
          value={note}
          rows={3}
          maxLength={2000}
          placeholder="Shown with the decision to both parties, and kept in the support log"
          onChange={(event) => {
            setNote(event.target.value);
            setError(null);
          }}
        />
      </Field.Root>
      <FormError message={error} />
    </ActionDialog>
  );
}
