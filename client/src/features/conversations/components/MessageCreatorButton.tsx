import { Button, CloseButton, Dialog, Portal, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { LuMessageSquare } from 'react-icons/lu';
import { useLocation, useNavigate } from 'react-router-dom';
import { useAuth } from '../../auth/hooks/useAuth';
import { useStartConversation } from '../hooks/useStartConversation';
import { conversationPath } from '../lib/paths';
import { Composer } from './Composer';

interface Props {
  creator: { id: string; userId: string; displayName: string };
}

/**
 * "Message" on a creator's page: ask the creator something before booking. Signed out it leads to
 * sign-in and back; on one's own page it is not shown. The first message opens the conversation in
 * the dashboard's Messages tab.
 */
export function MessageCreatorButton({ creator }: Props) {
  const { user } = useAuth();
  const navigate = useNavigate();
  const location = useLocation();
  const [open, setOpen] = useState(false);
  const { start } = useStartConversation();

  if (user && user.id === creator.userId) return null;

  const openDialog = () => {
    if (!user) return void navigate('/auth', { state: { from: `${location.pathname}${location.search}` } });
    setOpen(true);
  };

  const send = async (text: string) => {
    const conversationId = await start(creator.id, text);
    if (!conversationId) return false;
    setOpen(false);
    navigate(conversationPath(conversationId));
    return true;
  };

  return (
    <>
      <Button variant="outline" colorPalette="brand" onClick={openDialog}>
        <LuMessageSquare aria-hidden />
        Message
      </Button>
      <Dialog.Root open={open} onOpenChange={(details) => setOpen(details.open)} placement="center" lazyMount unmountOnExit>
        <Portal>
          <Dialog.Backdrop />
          <Dialog.Positioner px="3">
            <Dialog.Content>
              <Dialog.Header>
                <Dialog.Title>Message {creator.displayName}</Dialog.Title>
              </Dialog.Header>
              <Dialog.Body pb="6">
                <Text textStyle="sm" color="fg.muted" mb="4">
                  Ask about your idea, dates or rates before you book. Your conversation continues in the
                  dashboard's Messages tab, and stays with the booking if you book.
                </Text>
                <Composer onSend={send} label={`Message to ${creator.displayName}`} placeholder="Hi! I'd love to…" autoFocus />
              </Dialog.Body>
              <Dialog.CloseTrigger asChild>
                <CloseButton size="sm" aria-label="Close dialog" />
              </Dialog.CloseTrigger>
            </Dialog.Content>
          </Dialog.Positioner>
        </Portal>
      </Dialog.Root>
    </>
  );
}
