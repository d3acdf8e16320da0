import { Button, CloseButton, Dialog, Portal, Stack, type ButtonProps } from '@chakra-ui/react';
import type { FormEvent, ReactNode } from 'react';

export interface ActionDialogContentProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Where focus goes back to when it closes: its trigger. */
  finalFocusEl: () => HTMLElement | null;
  /** Its trigger's id (a press on the trigger is not a press outside). */
  triggerId: string;
  title: string;
  children?: ReactNode;
  confirmLabel: string;
  confirmPalette?: ButtonProps['colorPalette'];
  confirmDisabled?: boolean;
  loading?: boolean;
  onConfirm: () => Promise<unknown> | unknown;
  cancelLabel: string;
}

/** The dialog of `ActionDialog` (loaded when one is first opened): a form with confirm and cancel. */
export function ActionDialogContent({
  open,
  onOpenChange,
  finalFocusEl,
  triggerId,
  title,
  children,
  confirmLabel,
  confirmPalette,
  confirmDisabled,
  loading,
  onConfirm,
  cancelLabel,
}: ActionDialogContentProps) {
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const outcome = await onConfirm();
    if (outcome !== false && outcome !== null) onOpenChange(false);
  };

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
        <Dialog.Positioner px="3">
          <Dialog.Content asChild>
            <form onSubmit={submit} noValidate>
              <Dialog.Header>
                <Dialog.Title>{title}</Dialog.Title>
              </Dialog.Header>
              <Dialog.Body>
                <Stack gap="4">{children}</Stack>
              </Dialog.Body>
              <Dialog.Footer>
                <Dialog.ActionTrigger asChild>
                  <Button variant="outline">{cancelLabel}</Button>
                </Dialog.ActionTrigger>
                <Button type="submit" colorPalette={confirmPalette} loading={loading} disabled={confirmDisabled}>
                  {confirmLabel}
                </Button>
              </Dialog.Footer>
              <Dialog.CloseTrigger asChild>
                <CloseButton size="sm" aria-label="Close dialog" />
              </Dialog.CloseTrigger>
            </form>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
