import { useApolloClient } from '@apollo/client';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { liveReconnects } from '../../../app/live-reconnects';
import {
  ConversationMessagesAfterDocument,
  ConversationOffersDocument,
  ConversationThreadDocument,
  ThreadLine_MessageFragmentDoc,
  ThreadMessage_MessageFragmentDoc,
  UnreadNotificationCountDocument,
  useConversationActivitySubscription,
  useConversationMessageAddedSubscription,
  useConversationThreadQuery,
  useMarkConversationReadMutation,
} from '../../../gql/graphql';
import type { ThreadLineMessage } from '../lib/conversation-view';
import { useNotificationEvents } from '../../notifications/live/notification-events';
import { mergeMessages } from '../lib/thread';

/** Lines per page (the server's default page is 30 too). */
export const THREAD_PAGE_SIZE = 30;
/** Lines per page when catching up after a reconnect (page by page; a line's files count toward the API's cost limit). */
export const CATCH_UP_PAGE_SIZE = 30;
/** A typing mark lasts this long unless renewed (the sender renews it every few seconds). */
const TYPING_SHOWN_MS = 6000;

type Message = ThreadLineMessage;

/**
 * One conversation kept complete and live: the newest page, earlier pages on request, each line
 * that `conversationMessageAdded` brings, and after a reconnect every line after the last one held
 * (asked for by cursor, page by page). Lines are merged by id, so an overlap never shows twice.
 * Also: the other party's typing and read mark (`conversationActivity`), and the viewer's own read
 * mark, sent while the thread is on screen and something new came in.
 */
export function useConversationThread(conversationId: string) {
  const client = useApolloClient();
  const query = useConversationThreadQuery({
    variables: { id: conversationId, last: THREAD_PAGE_SIZE },
    fetchPolicy: 'cache-and-network',
  });
  const conversation = query.data?.conversation;
  const newestPage = conversation?.messages;

  const [earlier, setEarlier] = useState<{ messages: Message[]; startCursor: string | null; hasPrevious: boolean } | null>(null);
  const [arrived, setArrived] = useState<Message[]>([]);
  const [loadingEarlier, setLoadingEarlier] = useState(false);
  const [typingUntil, setTypingUntil] = useState(0);
  const [otherReadAt, setOtherReadAt] = useState<string | null>(null);
  const lastCursor = useRef<string | null>(null);

  // A different conversation starts from scratch.
  useEffect(() => {
    setEarlier(null);
    setArrived([]);
    setTypingUntil(0);
    setOtherReadAt(null);
    lastCursor.current = null;
  }, [conversationId]);

  // The newest page, whenever it is (re)read, ends at the newest line the server had then.
  useEffect(() => {
    if (newestPage?.pageInfo.endCursor) lastCursor.current = newestPage.pageInfo.endCursor;
  }, [newestPage]);

  // A proposal's status changes after it was shown (answered): read each one's newest copy.
  const messages = useMemo(
    () =>
      mergeMessages(earlier?.messages ?? [], newestPage?.edges.map((e) => e.node) ?? [], arrived).map((m) =>
        m.kind === 'PROPOSAL'
          ? (client.cache.readFragment<Message>({
              id: client.cache.identify({ __typename: 'Message', id: m.id }),
              fragment: ThreadMessage_MessageFragmentDoc,
              fragmentName: 'ThreadMessage_message',
            }) ?? m)
          : m,
      ),
    [client, earlier, newestPage, arrived],
  );
  const pendingProposal = messages.some((m) => m.proposal?.status === 'PENDING');

  /** Lines that came another way (live, catch-up, the viewer's own just sent); the list row follows. */
  const add = useCallback(
    (incoming: readonly Message[]) => {
      if (incoming.length === 0) return;
      setArrived((current) => mergeMessages(current, incoming));
      const newest = incoming.reduce((a, b) => (Date.parse(b.createdAt) >= Date.parse(a.createdAt) ? b : a));
      // The list row shows the newest line's preview (the server's one line); the line is written with
      // its files (a proposal and its answer, the lines that come without, carry none).
      const ref = client.cache.writeFragment({
        fragment: ThreadLine_MessageFragmentDoc,
        fragmentName: 'ThreadLine_message',
        data: { ...newest, files: newest.files ?? [] },
      });
      client.cache.modify({
        id: client.cache.identify({ __typename: 'Conversation', id: conversationId }),
        fields: {
          lastActivityAt: (value: string) => (Date.parse(newest.createdAt) > Date.parse(value) ? newest.createdAt : value),
          lastMessage: (value) => ref ?? value,
        },
      });
    },
    [client, conversationId],
  );

  // ---- the viewer's read mark ----
  const [markRead] = useMarkConversationReadMutation();
  const markTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const scheduleRead = useCallback(() => {
    clearTimeout(markTimer.current);
    markTimer.current = setTimeout(() => {
      if (document.visibilityState !== 'visible') return;
      void markRead({ variables: { conversationId } })
        // Reading a conversation reads its notifications too: the bell follows.
        .then(() => client.refetchQueries({ include: [UnreadNotificationCountDocument] }))
        .catch(() => undefined);
    }, 400);
  }, [client, conversationId, markRead]);
  useEffect(() => () => clearTimeout(markTimer.current), []);

  const loaded = Boolean(conversation);
  const unread = conversation?.unreadCount ?? 0;
  const lastFromOthers = [...messages].reverse().find((m) => !m.mine)?.id;
  useEffect(() => {
    if (loaded && (unread > 0 || lastFromOthers)) scheduleRead();
  }, [loaded, unread, lastFromOthers, scheduleRead]);
  useEffect(() => {
    const onVisible = () => document.visibilityState === 'visible' && scheduleRead();
    document.addEventListener('visibilitychange', onVisible);
    return () => document.removeEventListener('visibilitychange', onVisible);
  }, [scheduleRead]);
  // A notification about this conversation arriving while it is open is read at once. An offer's
  // move (countered, accepted, declined, withdrawn, expired) changes cards already on screen, which
  // no new line carries (a counter-offer's line is the new version; the one it answers becomes
  // "Countered"): read the conversation's offers again.
  useNotificationEvents((n) => {
    if (n.conversationId !== conversationId) return;
    scheduleRead();
    if (n.type.startsWith('offer.'))
      void client.query({ query: ConversationOffersDocument, variables: { conversationId }, fetchPolicy: 'network-only' }).catch(() => undefined);
  });

  // ---- live ----
  const otherUserId = conversation?.otherParty.userId;
  useConversationMessageAddedSubscription({
    variables: { conversationId },
    onData: ({ data }) => {
      const message = data.data?.conversationMessageAdded;
      if (!message) return;
      add([message]);
      if (!message.mine) setTypingUntil(0);
      // An answer to a proposal arrives as a line (the move's event, the decline's note): read the
      // newest page again so the proposal card shows its outcome.
      if (!message.mine && pendingProposal) void query.refetch().catch(() => undefined);
    },
  });

  useConversationActivitySubscription({
    variables: { conversationId },
    onData: ({ data }) => {
      const activity = data.data?.conversationActivity;
      if (!activity) return;
      if (activity.kind === 'TYPING') setTypingUntil(Date.now() + TYPING_SHOWN_MS);
      else if (!otherUserId || activity.userId === otherUserId) setOtherReadAt(activity.at);
    },
  });

  // Re-render when the typing mark runs out.
  const [, tick] = useState(0);
  useEffect(() => {
    const left = typingUntil - Date.now();
    if (left <= 0) return;
    const timer = setTimeout(() => tick((n) => n + 1), left + 50);
    return () => clearTimeout(timer);
  }, [typingUntil]);

  // ---- catch-up after a reconnect: every line after the last one held ----
  useEffect(
    () =>
      liveReconnects.subscribe(() => {
        void (async () => {
          for (let round = 0; round < 20 && lastCursor.current; round++) {
            const { data } = await client.query({
              query: ConversationMessagesAfterDocument,
              variables: { id: conversationId, after: lastCursor.current, first: CATCH_UP_PAGE_SIZE },
              fetchPolicy: 'network-only',
            });
            const page = data.conversation.messages;
            add(page.edges.map((e: { node: Message }) => e.node));
            if (page.pageInfo.endCursor) lastCursor.current = page.pageInfo.endCursor;
            if (!page.pageInfo.hasNextPage) break;
          }
        })().catch(() => undefined);
      }),
    [client, conversationId, add],
  );

  // ---- earlier pages ----
  const oldest =
    earlier ?? (newestPage ? { startCursor: newestPage.pageInfo.startCursor, hasPrevious: newestPage.pageInfo.hasPreviousPage } : null);
  const loadEarlier = async () => {
    if (!oldest?.startCursor || loadingEarlier) return;
    setLoadingEarlier(true);
    try {
      const { data } = await client.query({
        query: ConversationThreadDocument,
        variables: { id: conversationId, last: THREAD_PAGE_SIZE, before: oldest.startCursor },
        fetchPolicy: 'network-only',
      });
      const page = data.conversation.messages;
      setEarlier((current) => ({
        messages: mergeMessages(page.edges.map((e: { node: Message }) => e.node), current?.messages ?? []),
        startCursor: page.pageInfo.startCursor,
        hasPrevious: page.pageInfo.hasPreviousPage,
      }));
    } catch {
      // the button stays; the reader can try again
    } finally {
      setLoadingEarlier(false);
    }
  };

  return {
    conversation,
    messages,
    loading: query.loading && !conversation,
    error: query.error,
    hasEarlier: Boolean(oldest?.hasPrevious),
    loadingEarlier,
    loadEarlier,
    add,
    otherTyping: typingUntil > Date.now(),
    otherReadAt: latest(otherReadAt, conversation?.otherParty.lastReadAt ?? null),
  };
}

function latest(a: string | null, b: string | null): string | null {
  if (!a) return b;
  if (!b) return a;
  return Date.parse(a) >= Date.parse(b) ? a : b;
}
