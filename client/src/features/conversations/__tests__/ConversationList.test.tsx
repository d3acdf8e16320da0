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

function conversation(id: string, name: string, text: string, files: string[]): ConversationSummary_ConversationFragment {
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
      isSupport: false,
      bookingId: null,
      eventType: null,
      bookingStartTime: null,
      bookingEndTime: null,
      createdAt: '2031-06-01T10:00:00.000Z',
      offerId: null,
      offer: null,
      proposal: null,
      files: files.map((fileName, i) => ({ __typename: 'File' as const, id: `f-${id}-${i}`, name: fileName })),
    },
  } as ConversationSummary_ConversationFragment;
}

describe('the conversation list', () => {
  it('previews a message of files only by its file name, or by how many files it has', async () => {
    const rows = [
      conversation('a', 'Acme Games', '', ['rate card.pdf']),
      conversation('b', 'Bolt Energy', '', ['cut-1.mp4', 'cut-2.mp4']),
      conversation('c', 'Cozy Co', 'See the brief attached', ['brief.pdf']),
    ].map(toSummary);
    renderPage(
      <ConversationList conversations={rows} selectedId={null} onSelect={() => {}} loading={false} hasMore={false} loadingMore={false} onLoadMore={() => {}} emptyHint="" />,
    );
    expect(await screen.findByText('📎 rate card.pdf')).toBeInTheDocument();
    expect(screen.getByText('📎 2 files')).toBeInTheDocument();
    // Words sent with files are the preview.
    expect(screen.getByText('See the brief attached')).toBeInTheDocument();
  });
});
