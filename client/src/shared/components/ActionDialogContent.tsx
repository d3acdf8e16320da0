import { Button, Dialog, Stack, type ButtonProps } from '@chakra-ui/react';
import type { FormEvent, ReactNode } from 'react';
import { DialogCornerClose, DialogFrame, type OpenedDialogProps } from './DialogFrame';

export interface ActionDialogContentProps extends OpenedDialogProps {
  title: string;
  children?: ReactNode;
  confirmLabel: string;
  confirmPalette?: ButtonProps['colorPalette'];
  confirmDisabled?: boolean;
  loading?: boolean;
  /** Runs on submit; the dialog closes when it resolves to something other than false/null. */
  onConfirm: () => Promise<unknown> | unknown;
  cancelLabel: string;
}

/** The dialog of `ActionDialog` (loaded when one is first opened): a form with confirm and cancel. */
export function ActionDialogContent({
  title,
  children,
  confirmLabel,
  confirmPalette,
  confirmDisabled,
  loading,
  onConfirm,
  cancelLabel,
  ...frame
}: ActionDialogContentProps) {
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const outcome = await onConfirm();
    if (outcome !== false && outcome !== null) frame.onOpenChange(false);
  };

  return (
    <DialogFrame {...frame}>
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
          <DialogCornerClose />
        </form>
      </Dialog.Content>
    </DialogFrame>
  );
}
