import { Button, Checkbox, Field, Input, Textarea } from '@chakra-ui/react';
import { useState } from 'react';
import { ActionDialog } from '../../../shared/components/ActionDialog';
import { FormError } from '../../../shared/components/FormError';
import { useOpenDispute } from '../hooks/useOpenDispute';

interface Props {
  bookingId: string;
  /** The server allows a general dispute now. */
  canDispute: boolean;
  /** The server allows the booker to report a creator no-show now (full refund at once). */
  canReportNoShow: boolean;
}

/** Dispute: reason required (trimmed), evidence optional (free text or a link). */
export function DisputeDialog({ bookingId, canDispute, canReportNoShow }: Props) {
  const [reason, setReason] = useState('');
  const [evidence, setEvidence] = useState('');
  const [noShow, setNoShow] = useState(!canDispute && canReportNoShow);
  const [error, setError] = useState<string | null>(null);
  const { openDispute, opening } = useOpenDispute();

  const reset = () => {
    setReason('');
    setEvidence('');
    setNoShow(!canDispute && canReportNoShow);
    setError(null);
  };

  const submit = async () => {
    const trimmed = reason.trim();
    if (!trimmed) {
      setError('Please describe the reason for the dispute');
      return false;
    }
    return openDispute({
      bookingId,
      reason: trimmed,
      evidence: evidence.trim() || null,
      kind: noShow ? 'CREATOR_NO_SHOW' : 'GENERAL',
    });
  };

  return (
    <ActionDialog
      trigger={
        <Button size="sm" variant="outline" colorPalette="orange">
          Dispute
        </Button>
      }
      title="Open a dispute"
      confirmLabel="Open Dispute"
      confirmPalette="orange"
      loading={opening}
      onOpenChange={(open) => open && reset()}
      onConfirm={submit}
    >
      <Field.Root required invalid={Boolean(error)}>
        <Field.Label>
          Reason <Field.RequiredIndicator />
        </Field.Label>
        <Textarea
          value={reason}
          rows={4}
          placeholder="What went wrong?"
          onChange={(event) => {
            setReason(event.target.value);
            setError(null);
          }}
        />
      </Field.Root>
      <Field.Root>
        <Field.Label>Evidence (optional)</Field.Label>
        <Input
          value={evidence}
          placeholder="A link or a short description"
          onChange={(event) => setEvidence(event.target.value)}
        />
        <Field.HelperText>Free text or a link, e.g. to a clip or a screenshot.</Field.HelperText>
      </Field.Root>
      {canReportNoShow && canDispute && (
        <Checkbox.Root checked={noShow} onCheckedChange={(details) => setNoShow(details.checked === true)}>
          <Checkbox.HiddenInput />
          <Checkbox.Control />
          <Checkbox.Label>The creator did not show up (automatic full refund)</Checkbox.Label>
        </Checkbox.Root>
      )}
      <FormError message={error} />
    </ActionDialog>
  );
}
