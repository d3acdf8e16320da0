import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ConversationSummary_ConversationFragment } from '../../../gql/graphql';
import { renderPage } from '../../../test/render';
import { ConversationList } from '../components/ConversationList';
import { toSummary } from '../lib/conversation-view';

const party = (userId: string, displayName: string) => ({
  __typename: 'ConversationParty' as const,
  userId,
  profileId: `p-${userId}`,
  displayName,
  avatarUrl: null,
  lastReadAt: null,
});

function conversation(id: string, name: string, text: string, preview: string): ConversationSummary_ConversationFragment {
  return {
    __typename: 'Conversation',
    id,
    lastActivityAt: '2031-06-01T10:00:00.000Z',
    viewerRole: 'CREATOR',
    unreadCount: 1,
    lastReadAt: null,
    bookingIds: [],
    disputed: false,
    creator: party('u-me', 'Me'),
    client: party(`u-${id}`, name),
    otherParty: party(`u-${id}`, name),
    lastMessage: {
      __typename: 'Message',
      id: `m-${id}`,
      kind: 'TEXT',
      senderId: `u-${id}`,
      senderName: name,
      mine: false,
      text,
      preview,
      isSupport: false,
      bookingId: null,
      eventType: null,
      bookingStartTime: null,
      bookingEndTime: null,
      createdAt: '2031-06-01T10:00:00.000Z',
      offerId: null,
      offer: null,
      proposal: null,
    },
  } as ConversationSummary_ConversationFragment;
}

describe('the conversation list', () => {
  it("previews each row's last message by the server's one line (the bell's words: a message of files only by its files)", async () => {
    const rows = [
      conversation('a', 'Acme Games', '', '📎 rate card.pdf'),
      conversation('b', 'Bolt Energy', '', '📎 2 files'),
      conversation('c', 'Cozy Co', 'See the brief\n\nattached', 'See the brief attached'),
    ].map(toSummary);
    renderPage(
      <ConversationList conversations={rows} selectedId={null} onSelect={() => {}} loading={false} hasMore={false} loadingMore={false} onLoadMore={() => {}} emptyHint="" />,
    );
    expect(await screen.findByText('📎 rate card.pdf')).toBeInTheDocument();
    expect(screen.getByText('📎 2 files')).toBeInTheDocument();
    // Words sent with files are the preview, in one line.
    expect(screen.getByText('See the brief attached')).toBeInTheDocument();
  });
});
