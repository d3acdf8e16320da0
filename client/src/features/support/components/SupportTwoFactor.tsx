import { Badge, Button, Field, HStack, Skeleton, Text, Textarea } from '@chakra-ui/react';
import { useState } from 'react';
import { SupportTwoFactorStatusDocument, useSupportResetTwoFactorMutation, useSupportTwoFactorStatusQuery } from '../../../gql/graphql';
import { ActionDialog } from '../../../shared/components/ActionDialog';
import { FormError } from '../../../shared/components/FormError';
import { errorMessage } from '../../../shared/lib/error-message';
import { withToasts } from '../../../shared/lib/toast-action';

/** An account's two-step sign-in in the support console, and the reset (with a recorded reason) for an owner who lost their device. */
export function SupportTwoFactor({ userId, email }: { userId: string; email: string }) {
  const { data, loading, error } = useSupportTwoFactorStatusQuery({ variables: { userId }, fetchPolicy: 'cache-and-network' });
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);
  const [reset, { loading: resetting }] = useSupportResetTwoFactorMutation({
    refetchQueries: [{ query: SupportTwoFactorStatusDocument, variables: { userId } }],
    awaitRefetchQueries: true,
  });
  if (loading && !data) return <Skeleton h="8" w="48" />;
  if (error && !data) return <FormError message={errorMessage(error, 'Could not read two-step sign-in')} />;
  const status = data?.supportTwoFactorStatus;
  return (
    <HStack gap="3" flexWrap="wrap" data-testid="support-two-factor">
      <Text fontSize="sm">Two-step sign-in</Text>
      <Badge colorPalette={status?.enabled ? 'green' : 'gray'} variant="surface">
        {status?.enabled ? 'On' : 'Off'}
      </Badge>
      {status?.enabled && (
        <ActionDialog
          trigger={
            <Button size="xs" variant="outline" colorPalette="red">
              Reset two-step sign-in
            </Button>
          }
          title="Reset two-step sign-in?"
          confirmLabel="Reset"
          confirmPalette="red"
          loading={resetting}
          onOpenChange={(open) => open && (setReason(''), setReasonError(null))}
          onConfirm={async () => {
            if (reason.trim().length < 3) {
              setReasonError('Say why (what the owner proved, the ticket).');
              return false;
            }
            return withToasts(() => reset({ variables: { userId, reason: reason.trim() } }), {
              success: 'Two-step sign-in reset',
              failure: 'Could not reset two-step sign-in',
            });
          }}
        >
          <Text fontSize="sm" mb="3">
            {email} will sign in with the password alone until they set it up again. Only do this once the owner proved who they are.
          </Text>
          <Field.Root required invalid={Boolean(reasonError)}>
            <Field.Label>Reason</Field.Label>
            <Textarea value={reason} onChange={(e) => (setReason(e.target.value), setReasonError(null))} maxLength={500} placeholder="Owner verified by ID on ticket #…" />
            {reasonError && <Field.ErrorText>{reasonError}</Field.ErrorText>}
          </Field.Root>
        </ActionDialog>
      )}
    </HStack>
  );
}
