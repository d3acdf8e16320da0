import { Box, Button, Center, Flex, Separator, Spinner, Stack, Text } from '@chakra-ui/react';
import { useLayoutEffect, useRef, type ReactNode } from 'react';
import { useViewerZone } from '../../profile/hooks/useViewerZone';
import { groupByDay } from '../lib/thread';
import type { ThreadItem } from '../lib/thread-item';
import { EventLine } from './EventLine';
import { MessageBubble } from './MessageBubble';
import { ProposalCard } from './ProposalCard';
import { TypingIndicator } from './TypingIndicator';

export interface ThreadViewProps {
  items: readonly ThreadItem[];
  viewerId: string;
  /** Display names by user id (the two parties; support is labelled by its badge). */
  names: Record<string, string>;
  /** The other party's name, for the typing line and proposal answers. */
  otherName: string;
  hasEarlier: boolean;
  loadingEarlier: boolean;
  onLoadEarlier: () => void;
  /** The other party is typing now. */
  typing?: boolean;
  /** The newest of the viewer's messages the other party has read ("Seen" under it). */
  seenMessageId?: string | null;
  /** The viewer may answer pending proposals (the booker of a pending booking). */
  canAnswerProposals?: boolean;
  answering?: { proposalId: string; answer: 'accept' | 'decline' } | null;
  onAnswerProposal?: (proposalId: string, answer: 'accept' | 'decline') => void;
  /** Draws an offer line's card (the conversation's pane knows the moves). */
  renderOffer?: (item: ThreadItem) => ReactNode;
  /** Shown when the thread has no entries. */
  empty?: ReactNode;
  /** Height of the scrolling area. */
  height?: string | Record<string, string>;
  now?: Date;
}

/**
 * A conversation's entries oldest to newest, grouped by day, scrolled to the newest: written
 * messages as bubbles, booking events as centred lines, proposals as cards. Earlier messages load
 * above without moving what the reader looks at; a new message scrolls into view when the reader
 * is at the bottom already.
 */
export function ThreadView({
  items,
  viewerId,
  names,
  otherName,
  hasEarlier,
  loadingEarlier,
  onLoadEarlier,
  typing,
  seenMessageId,
  canAnswerProposals,
  answering,
  onAnswerProposal,
  renderOffer,
  empty,
  height = { base: '60dvh', md: '28rem' },
  now,
}: ThreadViewProps) {
  const scroller = useRef<HTMLDivElement>(null);
  const firstId = items[0]?.id;
  const lastId = items[items.length - 1]?.id;
  const previous = useRef<{ firstId?: string; lastId?: string; scrollHeight: number; atBottom: boolean }>({
    scrollHeight: 0,
    atBottom: true,
  });

  // Keep the reader's place: older entries added on top keep the view still; a new entry at the
  // bottom (or the typing line) scrolls down when the reader was at the bottom, or wrote it.
  useLayoutEffect(() => {
    const el = scroller.current;
    if (!el) return;
    const before = previous.current;
    const lastItem = items[items.length - 1];
    if (before.firstId && firstId !== before.firstId && lastId === before.lastId) {
      el.scrollTop += el.scrollHeight - before.scrollHeight;
    } else if (before.atBottom || (lastId !== before.lastId && lastItem?.senderId === viewerId)) {
      el.scrollTop = el.scrollHeight;
    }
    previous.current = { firstId, lastId, scrollHeight: el.scrollHeight, atBottom: isAtBottom(el) };
  }, [firstId, lastId, typing, items, viewerId]);

  const zone = useViewerZone();
  const days = groupByDay(items, zone, now);

  return (
    <Box
      ref={scroller}
      h={height}
      overflowY="auto"
      overscrollBehavior="contain"
      px={{ base: '2', md: '4' }}
      py="3"
      role="log"
      aria-label={`Conversation with ${otherName}`}
      aria-live="polite"
      aria-relevant="additions"
      tabIndex={0}
      focusVisibleRing="inside"
      onScroll={(event) => {
        previous.current.atBottom = isAtBottom(event.currentTarget);
      }}
    >
      {hasEarlier && (
        <Center pb="3">
          <Button size="xs" variant="outline" loading={loadingEarlier} onClick={onLoadEarlier}>
            Load earlier messages
          </Button>
        </Center>
      )}
      {items.length === 0 ? (
        <Center h="full" px="4">
          {empty ?? (
            <Text color="fg.muted" textAlign="center">
              No messages yet. Say hello!
            </Text>
          )}
        </Center>
      ) : (
        <Stack gap="2">
          {days.map((day) => (
            <Stack key={day.key} gap="2">
              <Flex align="center" gap="3" py="1" aria-hidden={false}>
                <Separator flex="1" />
                <Text textStyle="xs" color="fg.muted" fontWeight="medium" flexShrink={0}>
                  {day.label}
                </Text>
                <Separator flex="1" />
              </Flex>
              {day.messages.map((item) => {
                const mine = item.senderId === viewerId;
                if (item.kind === 'OFFER' && item.offer) return <Box key={item.id}>{renderOffer?.(item)}</Box>;
                if (item.kind === 'EVENT') return (
                    <EventLine
                      key={item.id}
                      text={item.text}
                      createdAt={item.createdAt}
                      bookingStartTime={item.bookingStartTime}
                      bookingEndTime={item.bookingEndTime}
                      zone={zone}
                    />
                  );
                if (item.kind === 'PROPOSAL' && item.proposal) {
                  const p = item.proposal;
                  return (
                    <ProposalCard
                      key={item.id}
                      mine={mine}
                      zone={zone}
                      proposerName={(item.senderId && names[item.senderId]) || otherName}
                      responderName={otherName}
                      startTime={p.startTime}
                      endTime={p.endTime}
                      state={p.state}
                      createdAt={item.createdAt}
                      canRespond={Boolean(canAnswerProposals && !mine && p.state === 'PENDING')}
                      responding={answering?.proposalId === p.id ? answering.answer : null}
                      onAccept={() => onAnswerProposal?.(p.id, 'accept')}
                      onDecline={() => onAnswerProposal?.(p.id, 'decline')}
                    />
                  );
                }
                return (
                  <Box key={item.id}>
                    <MessageBubble
                      zone={zone}
                      text={item.text}
                      files={item.files}
                      createdAt={item.createdAt}
                      mine={mine}
                      senderName={item.fromSupport ? (item.senderId && names[item.senderId]) || 'CollabHub support' : undefined}
                      fromSupport={item.fromSupport}
                      sending={item.sending}
                    />
                    {mine && item.id === seenMessageId && (
                      <Text textAlign="end" textStyle="2xs" color="fg.muted" pe="1" mt="0.5" data-testid="seen-receipt">
                        Seen
                      </Text>
                    )}
                  </Box>
                );
              })}
            </Stack>
          ))}
        </Stack>
      )}
      {typing && (
        <Box pt="2">
          <TypingIndicator name={otherName} />
        </Box>
      )}
      {loadingEarlier && items.length === 0 && (
        <Center py="6">
          <Spinner color="brand.solid" />
        </Center>
      )}
    </Box>
  );
}

function isAtBottom(el: HTMLElement) {
  return el.scrollHeight - el.scrollTop - el.clientHeight < 48;
}
