import { Button, Center, EmptyState, Spinner, Stack, Text, VStack } from '@chakra-ui/react';
import { LuMessagesSquare } from 'react-icons/lu';
import { FormError } from '../../../shared/components/FormError';
import type { ConversationSummary } from '../lib/conversation-summary';
import { ConversationListItem } from './ConversationListItem';

interface Props {
  conversations: readonly ConversationSummary[];
  selectedId: string | null;
  onSelect: (id: string) => void;
  loading: boolean;
  error?: string | null;
  hasMore: boolean;
  loadingMore: boolean;
  onLoadMore: () => void;
  /** What to say when there is none (differs for creators and brands). */
  emptyHint: string;
}

/** The Messages tab's list: most recent conversation first. */
export function ConversationList({
  conversations,
  selectedId,
  onSelect,
  loading,
  error,
  hasMore,
  loadingMore,
  onLoadMore,
  emptyHint,
}: Props) {
  if (loading) {
    return (
      <Center py="10" gap="3" role="status">
        <Spinner color="brand.solid" />
        <Text color="fg.muted">Loading conversations...</Text>
      </Center>
    );
  }
  if (error && conversations.length === 0) return <FormError message={error} />;
  if (conversations.length === 0) {
    return (
      <EmptyState.Root size="sm">
        <EmptyState.Content>
          <EmptyState.Indicator>
            <LuMessagesSquare />
          </EmptyState.Indicator>
          <VStack textAlign="center" gap="1">
            <EmptyState.Title>No conversations yet</EmptyState.Title>
            <EmptyState.Description>{emptyHint}</EmptyState.Description>
          </VStack>
        </EmptyState.Content>
      </EmptyState.Root>
    );
  }
  return (
    <Stack as="ul" listStyleType="none" gap="1" aria-label="Conversations">
      {conversations.map((c) => (
        <li key={c.id}>
          <ConversationListItem
            name={c.name}
            avatarUrl={c.avatarUrl}
            preview={c.preview}
            previewIsEvent={c.previewIsEvent}
            previewMine={c.previewMine}
            lastActivityAt={c.lastActivityAt}
            unreadCount={c.unreadCount}
            context={c.context}
            selected={c.id === selectedId}
            onSelect={() => onSelect(c.id)}
          />
        </li>
      ))}
      {hasMore && (
        <Center as="li" py="2">
          <Button size="xs" variant="outline" loading={loadingMore} onClick={onLoadMore}>
            Load more
          </Button>
        </Center>
      )}
    </Stack>
  );
}
