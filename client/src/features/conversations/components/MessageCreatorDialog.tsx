import { Dialog, Text } from '@chakra-ui/react';
import { useNavigate } from 'react-router-dom';
import { DialogCornerClose, DialogFrame, type OpenedDialogProps } from '../../../shared/components/DialogFrame';
import { useStartConversation } from '../hooks/useStartConversation';
import { conversationPath } from '../lib/paths';
import { Composer } from './Composer';

interface Props extends OpenedDialogProps {
  creator: { id: string; displayName: string };
}

/** The first message to a creator (opened by `MessageCreatorButton`); sent, it opens the conversation. */
export function MessageCreatorDialog({ creator, ...frame }: Props) {
  const navigate = useNavigate();
  const { start } = useStartConversation();

  const send = async (text: string) => {
    const conversationId = await start(creator.id, text);
    if (!conversationId) return false;
    frame.onOpenChange(false);
    navigate(conversationPath(conversationId));
    return true;
  };

  return (
    <DialogFrame {...frame}>
      <Dialog.Content>
        <Dialog.Header>
          <Dialog.Title>Message {creator.displayName}</Dialog.Title>
        </Dialog.Header>
        <Dialog.Body pb="6">
          <Text textStyle="sm" color="fg.muted" mb="4">
            Ask about your idea, dates or rates before you book. Your conversation continues in the dashboard's
            Messages tab, and stays with the booking if you book.
          </Text>
          <Composer onSend={send} label={`Message to ${creator.displayName}`} placeholder="Hi! I'd love to…" autoFocus />
        </Dialog.Body>
        <DialogCornerClose />
      </Dialog.Content>
    </DialogFrame>
  );
}
