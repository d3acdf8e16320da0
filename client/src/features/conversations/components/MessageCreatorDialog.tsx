import { CloseButton, Dialog, Portal, Text } from '@chakra-ui/react';
import { useNavigate } from 'react-router-dom';
import { useStartConversation } from '../hooks/useStartConversation';
import { conversationPath } from '../lib/paths';
import { Composer } from './Composer';

interface Props {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  creator: { id: string; displayName: string };
  /** Where focus goes back to when it closes: its opener. */
  finalFocusEl: () => HTMLElement | null;
  /** Its opener's id (a press on the opener is not a press outside). */
  triggerId: string;
}

/** The first message to a creator (opened by `MessageCreatorButton`); sent, it opens the conversation. */
export function MessageCreatorDialog({ open, onOpenChange, creator, finalFocusEl, triggerId }: Props) {
  const navigate = useNavigate();
  const { start } = useStartConversation();

  const send = async (text: string) => {
    const conversationId = await start(creator.id, text);
    if (!conversationId) return false;
    onOpenChange(false);
    navigate(conversationPath(conversationId));
    return true;
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
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>Message {creator.displayName}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body pb="6">
              <Text textStyle="sm" color="fg.muted" mb="4">
                Ask about your idea, dates or rates before you book. Your conversation continues in the dashboard's
                Messages tab, and stays with the booking if you book.
              </Text>
              <Composer
                onSend={send}
                label={`Message to ${creator.displayName}`}
                placeholder="Hi! I'd love to…"
                autoFocus
              />
            </Dialog.Body>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label="Close dialog" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
