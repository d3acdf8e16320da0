import { Button, CloseButton, Dialog, Portal, Stack, type ButtonProps } from '@chakra-ui/react';
import { useState, type FormEvent, type ReactElement, type ReactNode } from 'react';

interface Props {
  /** The button that opens the dialog. */
  trigger: ReactElement;
  title: string;
  children?: ReactNode;
  confirmLabel: string;
  confirmPalette?: ButtonProps['colorPalette'];
  confirmDisabled?: boolean;
  loading?: boolean;
  /** Runs on submit; the dialog closes when it resolves to something other than false/null. */
  onConfirm: () => Promise<unknown> | unknown;
  /** Told when the dialog opens or closes (to load data for it or reset a form). */
  onOpenChange?: (open: boolean) => void;
  cancelLabel?: string;
}

/** A confirm-or-cancel dialog with a form body: the one shape every booking and support action uses. */
export function ActionDialog({
  trigger,
  title,
  children,
  confirmLabel,
  confirmPalette,
  confirmDisabled,
  loading,
  onConfirm,
  onOpenChange,
  cancelLabel = 'Close',
}: Props) {
  const [open, setOpen] = useState(false);
  const change = (next: boolean) => {
    setOpen(next);
    onOpenChange?.(next);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const outcome = await onConfirm();
    if (outcome !== false && outcome !== null) change(false);
  };

  return (
    <Dialog.Root
      open={open}
      onOpenChange={(details) => change(details.open)}
      placement="center"
      lazyMount
      unmountOnExit
    >
      <Dialog.Trigger asChild>{trigger}</Dialog.Trigger>
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
