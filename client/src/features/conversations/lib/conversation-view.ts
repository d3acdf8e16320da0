import type { ConversationSummary_ConversationFragment, ThreadLine_MessageFragment, ThreadMessage_MessageFragment } from '../../../gql/graphql';
import type { ConversationSummary } from './conversation-summary';
import type { ThreadItem } from './thread-item';

/** The API's message as the thread draws it (a proposal is answered by its message id). */
/** A thread's line: with its files when read as a thread line (a proposal's answer comes without). */
export type ThreadLineMessage = ThreadMessage_MessageFragment & Partial<Pick<ThreadLine_MessageFragment, 'files'>>;

export function toThreadItem(message: ThreadLineMessage): ThreadItem {
  return {
    id: message.id,
    kind: message.kind,
    text: message.text,
    createdAt: message.createdAt,
    senderId: message.senderId,
    fromSupport: message.isSupport,
    bookingStartTime: message.bookingStartTime ?? null,
    bookingEndTime: message.bookingEndTime ?? null,
    proposal: message.proposal
      ? { id: message.id, startTime: message.proposal.startTime, endTime: message.proposal.endTime, state: message.proposal.status }
      : null,
    offer: message.offer ?? null,
    files: message.files ?? [],
  };
}

/** Display names by user id: the two parties (support is labelled by its badge). */
export function partyNames(c: Pick<ConversationSummary_ConversationFragment, 'creator' | 'client'>): Record<string, string> {
  return { [c.creator.userId]: c.creator.displayName, [c.client.userId]: c.client.displayName };
}

/** Who the viewer is talking to, as the heading says it (support staff see both parties). */
export function counterpartName(c: Pick<ConversationSummary_ConversationFragment, 'viewerRole' | 'creator' | 'client' | 'otherParty'>): string {
  return c.viewerRole === 'SUPPORT' ? `${c.client.displayName} × ${c.creator.displayName}` : c.otherParty.displayName;
}

/** "Inquiry", "1 booking", "3 bookings", "Disputed booking". */
export function conversationContext(c: Pick<ConversationSummary_ConversationFragment, 'bookingIds' | 'disputed'>): string {
  if (c.disputed) return 'Disputed booking: support can read and write here';
  const n = c.bookingIds.length;
  if (n === 0) return 'Inquiry';
  return `${n} ${n === 1 ? 'booking' : 'bookings'}`;
}

/** A row of the Messages list. */
export function toSummary(c: ConversationSummary_ConversationFragment): ConversationSummary {
  const last = c.lastMessage;
  return {
    id: c.id,
    name: counterpartName(c),
    avatarUrl: c.viewerRole === 'SUPPORT' ? null : c.otherParty.avatarUrl,
    // The server's one line, as the bell says it (a message of files only: "📎 brief.pdf").
    preview: last?.preview ?? '',
    previewIsEvent: Boolean(last && last.kind !== 'TEXT'),
    previewMine: Boolean(last?.mine && last.kind === 'TEXT'),
    lastActivityAt: c.lastActivityAt,
    unreadCount: c.unreadCount,
    context: conversationContext(c),
  };
}

/** Most recently active first. */
export function byActivity<T extends { lastActivityAt: string }>(a: T, b: T): number {
  return Date.parse(b.lastActivityAt) - Date.parse(a.lastActivityAt);
}
