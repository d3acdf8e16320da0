import { Button, Field, Textarea } from '@chakra-ui/react';
import { useState } from 'react';
import { ActionDialog } from '../../../shared/components/ActionDialog';
import { FormError } from '../../../shared/components/FormError';
import { useRespondToDispute } from '../hooks/useRespondToDispute';

/** The other party's side of an open dispute, for support to read beside the opener's. */
export function RespondToDisputeDialog({ disputeId }: { disputeId: string }) {
  const [statement, setStatement] = useState('');
  const [error, setError] = useState<string | null>(null);
  const { respond, responding } = useRespondToDispute();

  return (
    <ActionDialog
      trigger={
        <Button size="sm" variant="outline" colorPalette="orange">
          Respond to Dispute
        </Button>
      }
      title="Your side of the dispute"
      confirmLabel="Send Statement"
      loading={responding}
      onOpenChange={(open) => open && (setStatement(''), setError(null))}
      onConfirm={() => {
        if (!statement.trim()) {
          setError('A statement is required');
          return false;
        }
        return respond(disputeId, statement.trim());
      }}
    >
      <Field.Root required>
        <Field.Label>
          Statement <Field.RequiredIndicator />
        </Field.Label>
        <Textarea value={statement} rows={5} onChange={(event) => setStatement(event.target.value)} />
      </Field.Root>
      <FormError message={error} />
    </ActionDialog>
  );
}
