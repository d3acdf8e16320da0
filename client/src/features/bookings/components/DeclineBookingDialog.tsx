import { Button, Text } from '@chakra-ui/react';
import { ActionDialog } from '../../../shared/components/ActionDialog';
import { useDeclineBooking } from '../hooks/useDeclineBooking';

/** Creator: decline a request after confirming (the booker's card hold is released). */
export function DeclineBookingDialog({
  bookingId,
  bookerName,
  onDeclined,
}: {
  bookingId: string;
  bookerName: string;
  onDeclined?: () => void;
}) {
  const { decline, declining } = useDeclineBooking();
  return (
    <ActionDialog
      trigger={
        <Button size="sm" variant="outline" colorPalette="red">
          Decline
        </Button>
      }
      title="Decline this booking request?"
      confirmLabel="Decline"
      cancelLabel="Keep Request"
      confirmPalette="red"
      loading={declining}
      onConfirm={async () => {
        const done = await decline(bookingId);
        if (done) setTimeout(() => onDeclined?.(), 0);
        return done;
      }}
    >
      <Text>{bookerName}'s card hold is released and the hours become free again.</Text>
    </ActionDialog>
  );
}
