import { CloseButton, Dialog, Portal, useBreakpointValue } from '@chakra-ui/react';
import type { ReactNode } from 'react';

interface Props {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: string;
  /** The form: a `Dialog.Body` and a `Dialog.Footer`. Mounted afresh each time the dialog opens. */
  children: ReactNode;
}

/** The modal shell shared by the creator and brand profile dialogs. */
export function ProfileDialogFrame({ open, onOpenChange, title, description, children }: Props) {
  // Full screen on phones. (A responsive `size` prop would merge "full"'s height into "lg".)
  const size = useBreakpointValue<'full' | 'lg'>({ base: 'full', sm: 'lg' }) ?? 'lg';
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(details) => onOpenChange(details.open)}
      size={size}
      scrollBehavior="inside"
      placement="center"
      lazyMount
      unmountOnExit
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header flexDirection="column" alignItems="start" gap="1">
              <Dialog.Title>{title}</Dialog.Title>
              <Dialog.Description color="fg.muted" fontSize="sm">
                {description}
              </Dialog.Description>
            </Dialog.Header>
            {children}
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label="Close" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
