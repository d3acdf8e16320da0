import { Box, Button, Center, Flex, IconButton, Spinner, Stack, Text } from '@chakra-ui/react';
import { useEffect, useRef } from 'react';
import { LuArrowLeft, LuFilePen } from 'react-icons/lu';
import { FormError } from '../../../shared/components/FormError';
import { errorMessage } from '../../../shared/lib/error-message';
import { useAuth } from '../../auth/hooks/useAuth';
import { useConversationThread } from '../hooks/useConversationThread';
import { useRespondToProposal } from '../hooks/useRespondToProposal';
import { useSendMessage } from '../hooks/useSendMessage';
import { conversationContext, counterpartName, partyNames, toThreadItem } from '../lib/conversation-view';
import { seenMessageId } from '../lib/thread';
import { Composer } from './Composer';
import { OfferCard } from '../../offers/components/OfferCard';
import { OfferDialog } from '../../offers/components/OfferDialog';
import { useOfferActions } from '../../offers/hooks/useOfferActions';
import { useViewerZone } from '../../profile/hooks/useViewerZone';
import { ThreadView } from './ThreadView';
import { ProfileAvatar } from '../../../shared/components/ProfileAvatar';
import { BrandHeaderLine } from '../../brands/components/BrandBlock';

/** One conversation: who, the thread (live, typing, Seen), and the message box. */
export function ConversationPane({
  conversationId,
  onBack,
  threadHeight,
  fill = false,
}: {
  conversationId: string;
  onBack?: () => void;
  /** Height of the scrolling thread (the Messages tab's default otherwise). */
  threadHeight?: string | Record<string, string>;
  /** Fill the parent's height (a phone's full-screen chat): the thread takes what the header and composer leave. */
  fill?: boolean;
}) {
  const { user } = useAuth();
  const thread = useConversationThread(conversationId);
  const { send, typing } = useSendMessage(conversationId, (m) => thread.add([m]));
  const { respond, answering } = useRespondToProposal((m) => thread.add([m]));
  const offers = useOfferActions(conversationId);
  const zone = useViewerZone();
  const c = thread.conversation;
  const composer = useRef<HTMLDivElement>(null);
  const shown = Boolean(c && user);
  // Opening a conversation brings its message box into view (below the fold on a tall page).
  useEffect(() => {
    if (shown) composer.current?.scrollIntoView?.({ block: 'nearest' });
  }, [shown]);

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
  // A creator sees who the brand on the other side is (rating, about, its page).
  const brand = c.viewerRole === 'CREATOR' ? c.otherParty.brand : null;
  const items = thread.messages.map(toThreadItem);
  return (
    <Stack gap="0" h="full" minH="0">
      <Flex
        gap="3"
        align="center"
        px={{ base: '2', md: '4' }}
        py="3"
        borderBottomWidth="1px"
        borderColor="border.muted"
        flexShrink={0}
      >
        {onBack && (
          <IconButton
            variant="ghost"
            size="sm"
            aria-label="Back to conversations"
            onClick={onBack}
            display={{ base: 'inline-flex', lg: 'none' }}
          >
            <LuArrowLeft />
          </IconButton>
        )}
        <ProfileAvatar name={name} src={c.viewerRole !== 'SUPPORT' ? c.otherParty.avatarUrl : null} size="sm" decorative />
        <Box minW="0" flex="1">
          <Text as="h3" fontWeight="semibold" truncate>
            {name}
          </Text>
          <Text textStyle="xs" color="fg.muted" truncate>
            {conversationContext(c)}
          </Text>
          {brand && <BrandHeaderLine brand={brand} />}
        </Box>
      </Flex>
      <Box flex={fill ? '1' : undefined} minH="0">
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
          height={fill ? 'full' : threadHeight}
          renderOffer={(item) => {
            const offer = item.offer!;
            const names = partyNames(c);
            return (
              <OfferCard
                offer={offer}
                mine={item.senderId === user.id}
                senderName={names[offer.senderUserId] ?? name}
                recipientName={names[offer.recipientUserId] ?? name}
                viewerIsClient={c.viewerRole === 'CLIENT'}
                zone={zone}
                busy={offers.busy?.offerId === offer.id ? offers.busy.move : null}
                onMove={(move) => void offers.move(offer.id, move)}
                onCounter={(input) => offers.counter(offer.id, input)}
              />
            );
          }}
        />
      </Box>
      <Box
        ref={composer}
        px={{ base: '2', md: '4' }}
        py="3"
        pb={fill ? 'max(0.75rem, env(safe-area-inset-bottom))' : '3'}
        borderTopWidth="1px"
        borderColor="border.muted"
        flexShrink={0}
        data-testid="conversation-composer"
      >
        {c.viewerRole !== 'SUPPORT' && (
          <Flex justify="flex-end" mb="2">
            <OfferDialog
              trigger={
                <Button size="xs" variant="outline">
                  <LuFilePen aria-hidden /> Send offer
                </Button>
              }
              title={`Offer to ${name}`}
              confirmLabel="Send offer"
              onSubmit={offers.send}
            />
          </Flex>
        )}
        <Composer onSend={send} onTyping={typing} allowFiles label={`Message to ${name}`} />
      </Box>
    </Stack>
  );
}
