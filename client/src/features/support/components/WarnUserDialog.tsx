import { Button, Field, RadioGroup, Stack, Textarea } from '@chakra-ui/react';
import { useState } from 'react';
import { LuTriangleAlert } from 'react-icons/lu';
import { ActionDialog } from '../../../shared/components/ActionDialog';
import { FormError } from '../../../shared/components/FormError';
import { useWarnUser } from '../hooks/useWarnUser';
import { SUPPORT_MESSAGES } from '../lib/support-rules';

interface Party {
  userId: string;
  label: string;
  name: string;
}

/** Warn either party of the booking; a reason is required. */
export function WarnUserDialog({ bookingId, parties }: { bookingId: string; parties: [Party, Party] }) {
  const [userId, setUserId] = useState(parties[0].userId);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const { warn, warning } = useWarnUser();
  const party = parties.find((p) => p.userId === userId) ?? parties[0];

  return (
    <ActionDialog
      trigger={
        <Button size="sm" variant="ghost" colorPalette="yellow">
          <LuTriangleAlert aria-hidden />
          Warn user
        </Button>
      }
      title="Warn a user"
      confirmLabel="Send Warning"
      confirmPalette="yellow"
      loading={warning}
      onOpenChange={(open) => open && (setUserId(parties[0].userId), setReason(''), setError(null))}
      onConfirm={() => {
        if (!reason.trim()) {
          setError(SUPPORT_MESSAGES.warnReasonRequired);
          return false;
        }
        return warn(party.userId, party.name, reason.trim(), bookingId);
      }}
    >
      <RadioGroup.Root value={userId} onValueChange={(details) => details.value && setUserId(details.value)}>
        <RadioGroup.Label>Who</RadioGroup.Label>
        <Stack gap="2" mt="2">
          {parties.map((p) => (
            <RadioGroup.Item key={p.userId} value={p.userId}>
              <RadioGroup.ItemHiddenInput />
              <RadioGroup.ItemIndicator />
              <RadioGroup.ItemText>
                {p.name} ({p.label})
              </RadioGroup.ItemText>
            </RadioGroup.Item>
          ))}
        </Stack>
      </RadioGroup.Root>
      <Field.Root required invalid={Boolean(error)}>
        <Field.Label>
          Reason <Field.RequiredIndicator />
        </Field.Label>
        <Textarea
          value={reason}
          rows={3}
          onChange={(event) => {
            setReason(event.target.value);
            setError(null);
          }}
        />
      </Field.Root>
      <FormError message={error} />
    </ActionDialog>
  );
}
