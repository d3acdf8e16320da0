import { Box, Center, Grid, Portal, Text, useBreakpointValue } from '@chakra-ui/react';
import { useEffect } from 'react';
import { useSearchParams } from 'react-router-dom';
import { GlassCard } from '../../../shared/components/content/GlassCard';
import { errorMessage } from '../../../shared/lib/error-message';
import { useConversationList } from '../hooks/useConversationList';
import { CONVERSATION_PARAM } from '../lib/paths';
import { ConversationList } from './ConversationList';
import { ConversationPane } from './ConversationPane';

/**
 * The dashboard's Messages tab: conversations on the left, the open one on the right. On a phone one
 * at a time: the list, or the open conversation as a full-height chat screen over the page (header,
 * thread, composer pinned to the bottom) whose back button returns to the list.
 */
export function MessagesTab({ accountType }: { accountType: 'CREATOR' | 'BRAND' }) {
  const [params, setParams] = useSearchParams();
  const selected = params.get(CONVERSATION_PARAM);
  const list = useConversationList();
  const select = (id: string | null) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      if (id) next.set(CONVERSATION_PARAM, id);
      else next.delete(CONVERSATION_PARAM);
      return next;
    });
  const phone = useBreakpointValue({ base: true, lg: false }) ?? false;
  const fullScreen = phone && Boolean(selected);
  // The page under the chat screen does not scroll along with it.
  useEffect(() => {
    if (!fullScreen) return;
    const before = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    return () => {
      document.body.style.overflow = before;
    };
  }, [fullScreen]);

  if (fullScreen && selected) {
    return (
      <Portal>
        <Box
          as="section"
          aria-label="Conversation"
          position="fixed"
          inset="0"
          h="100dvh"
          zIndex="banner"
          bg="bg"
          display="flex"
          flexDirection="column"
          data-testid="chat-screen"
        >
          <ConversationPane key={selected} conversationId={selected} onBack={() => select(null)} fill />
        </Box>
      </Portal>
    );
  }

  return (
    <Grid templateColumns={{ base: '1fr', lg: '22rem minmax(0, 1fr)' }} gap="4" alignItems="start">
      <GlassCard
        as="section"
        aria-label="Conversations"
        p="2"
        display={{ base: selected ? 'none' : 'block', lg: 'block' }}
      >
        <ConversationList
          conversations={list.conversations}
          selectedId={selected}
          onSelect={select}
          loading={list.loading}
          error={list.error ? errorMessage(list.error, 'Failed to load conversations') : null}
          hasMore={list.hasMore}
          loadingMore={list.loadingMore}
          onLoadMore={() => void list.loadMore()}
          emptyHint={
            accountType === 'CREATOR'
              ? 'When a brand messages you or books you, the conversation shows up here.'
              : "Open a creator's page and press Message to ask them anything before you book."
          }
        />
      </GlassCard>
      <GlassCard
        as="section"
        aria-label="Conversation"
        overflow="hidden"
        display={{ base: selected ? 'block' : 'none', lg: 'block' }}
      >
        {selected ? (
          <ConversationPane key={selected} conversationId={selected} onBack={() => select(null)} />
        ) : (
          <Center py="20" px="6">
            <Box textAlign="center">
              <Text fontWeight="semibold">Pick a conversation</Text>
              <Text textStyle="sm" color="fg.muted">
                Its messages, proposals and booking events show here.
              </Text>
            </Box>
          </Center>
        )}
      </GlassCard>
    </Grid>
  );
}
