import { Box, Center, Flex, IconButton, Spinner, Stack, Text } from '@chakra-ui/react';
import { LuArrowLeft } from 'react-icons/lu';
import { FormError } from '../../../shared/components/FormError';
import { errorMessage } from '../../../shared/lib/error-message';
import { useAuth } from '../../auth/hooks/useAuth';
import { useConversationThread } from '../hooks/useConversationThread';
import { useRespondToProposal } from '../hooks/useRespondToProposal';
import { useSendMessage } from '../hooks/useSendMessage';
import { conversationContext, counterpartName, partyNames, toThreadItem } from '../lib/conversation-view';
import { seenMessageId } from '../lib/thread';
import { Composer } from './Composer';
import { ThreadView } from './ThreadView';
import { ProfileAvatar } from '../../../shared/components/ProfileAvatar';

/** One conversation: who, the thread (live, typing, Seen), and the message box. */
export function ConversationPane({
  conversationId,
  onBack,
  threadHeight,
}: {
  conversationId: string;
  onBack?: () => void;
  /** Height of the scrolling thread (the Messages tab's default otherwise). */
  threadHeight?: string | Record<string, string>;
}) {
  const { user } = useAuth();
  const thread = useConversationThread(conversationId);
  const { send, typing } = useSendMessage(conversationId, (m) => thread.add([m]));
  const { respond, answering } = useRespondToProposal((m) => thread.add([m]));
  const c = thread.conversation;

  if (thread.loading) {
    return (
      <Center py="16" role="status">
        <Spinner color="brand.solid" />
        <Text srOnly>Loading the conversation</Text>
      </Center>
    );
  }
  if (!c || !user) return <FormError message={errorMessage(thread.error, 'Failed to load the conversation')} />;

  const name = counterpartName(c);
  const items = thread.messages.map(toThreadItem);
  return (
    <Stack gap="0" h="full">
      <Flex gap="3" align="center" px={{ base: '2', md: '4' }} py="3" borderBottomWidth="1px" borderColor="border.muted">
        {onBack && (
          <IconButton variant="ghost" size="sm" aria-label="Back to conversations" onClick={onBack} display={{ base: 'inline-flex', lg: 'none' }}>
            <LuArrowLeft />
          </IconButton>
        )}
        <ProfileAvatar name={name} src={c.viewerRole !== 'SUPPORT' ? c.otherParty.avatarUrl : null} size="sm" decorative />
        <Box minW="0">
          <Text as="h3" fontWeight="semibold" truncate>
            {name}
          </Text>
          <Text textStyle="xs" color="fg.muted" truncate>
            {conversationContext(c)}
          </Text>
        </Box>
      </Flex>
      <ThreadView
        items={items}
        viewerId={user.id}
        names={partyNames(c)}
        otherName={name}
        hasEarlier={thread.hasEarlier}
        loadingEarlier={thread.loadingEarlier}
        onLoadEarlier={() => void thread.loadEarlier()}
        typing={thread.otherTyping}
        seenMessageId={seenMessageId(items, user.id, thread.otherReadAt)}
        canAnswerProposals={c.viewerRole !== 'SUPPORT'}
        answering={answering}
        onAnswerProposal={(id, answer) => void respond(id, answer)}
        height={threadHeight}
      />
      <Box px={{ base: '2', md: '4' }} py="3" borderTopWidth="1px" borderColor="border.muted">
        <Composer onSend={send} onTyping={typing} label={`Message to ${name}`} />
      </Box>
    </Stack>
  );
}
