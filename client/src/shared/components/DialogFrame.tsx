import { CloseButton, Dialog, Portal } from '@chakra-ui/react';
import type { ReactNode } from 'react';

/** What a dialog opened from a trigger elsewhere on the page (and loaded on demand) is given by its opener. */
export interface OpenedDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Where focus goes back to when it closes: its trigger. */
  finalFocusEl: () => HTMLElement | null;
  /** Its trigger's id (a press on the trigger is not a press outside). */
  triggerId: string;
}

/**
 * The frame of such a dialog: controlled, centred over a backdrop, mounted only while open; its
 * `Dialog.Content` is the child (a form or a plain panel), with `DialogCornerClose` inside it.
 */
export function DialogFrame({ open, onOpenChange, finalFocusEl, triggerId, children }: OpenedDialogProps & { children: ReactNode }) {
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(details) => onOpenChange(details.open)}
      placement="center"
      finalFocusEl={finalFocusEl}
      ids={{ trigger: triggerId }}
      lazyMount
      unmountOnExit
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner px="3">{children}</Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

/** The dialog's close button in its corner. */
export function DialogCornerClose() {
  return (
    <Dialog.CloseTrigger asChild>
      <CloseButton size="sm" aria-label="Close dialog" />
    </Dialog.CloseTrigger>
  );
}
