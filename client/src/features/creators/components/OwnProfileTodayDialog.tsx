import { Button, Dialog, Portal } from '@chakra-ui/react';

export const OWN_PROFILE_TODAY_MESSAGE =
  'You have a streamer profile and this booking is for today. This might conflict with your own streaming schedule. Continue anyway?';

interface Props {
  open: boolean;
  onCancel: () => void;
  onContinue: () => void;
}

/** Spec §5 "Own-profile warning": a creator booking someone else for today confirms first. */
export function OwnProfileTodayDialog({ open, onCancel, onContinue }: Props) {
  return (
    <Dialog.Root
      role="alertdialog"
      open={open}
      onOpenChange={(change) => !change.open && onCancel()}
      placement="center"
      lazyMount
      unmountOnExit
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content mx="4">
            <Dialog.Header>
              <Dialog.Title>Booking for today</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Dialog.Description>{OWN_PROFILE_TODAY_MESSAGE}</Dialog.Description>
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={onCancel}>
                Cancel
              </Button>
              <Button onClick={onContinue}>Continue</Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
