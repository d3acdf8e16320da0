import { Badge, Box, Button, Center, Spinner, Stack, Text, VisuallyHidden } from '@chakra-ui/react';
import { useState } from 'react';
import { LuMessageSquare } from 'react-icons/lu';
import { useApolloClient } from '@apollo/client';
import {
  UnreadNotificationCountDocument,
  useBookingConversationLazyQuery,
  useMarkNotificationsReadMutation,
  type BookingCard_BookingFragment,
} from '../../../gql/graphql';
import { FormError } from '../../../shared/components/FormError';
import { useViewerZone } from '../../profile/hooks/useViewerZone';
import { errorMessage } from '../../../shared/lib/error-message';
import { useRespondToProposal } from '../hooks/useRespondToProposal';
import { ConversationPane } from './ConversationPane';
import { ProposalCard } from './ProposalCard';

type Booking = Pick<BookingCard_BookingFragment, 'id' | 'viewerRole' | 'conversation' | 'openProposal' | 'creator' | 'booker' | 'unreadCount'>;

/**
 * A booking card's conversation: the proposed time waiting for an answer (the party who did not
 * propose it accepts or declines it right here: the booker for a creator's proposal, either side
 * for a confirmed booking's move), and "Messages" with this booking's own unread count (its bell items:
 * a card of a pair never shows another booking's), which opens the pair's thread (the same pane as the
 * Messages tab) under the card and reads the booking's items.
 */
export function BookingConversation({ booking, counterpart }: { booking: Booking; counterpart: string }) {
  const [open, setOpen] = useState(false);
  const [load, lazy] = useBookingConversationLazyQuery();
  const { respond, answering } = useRespondToProposal(() => undefined);
  const conversationId = booking.conversation?.id ?? lazy.data?.bookingConversation.id ?? null;
  const unread = booking.unreadCount ?? 0;
  const client = useApolloClient();
  const [markRead] = useMarkNotificationsReadMutation();
  const sectionId = `booking-${booking.id}-messages`;
  const proposal = booking.openProposal;
  const isBooker = booking.viewerRole === 'BOOKER';
  // The viewer's own proposal waits for the other side; the other side's is answered here.
  const mine = proposal ? proposal.mine : false;
  const zone = useViewerZone();

  const toggle = () => {
    // A booking made before conversations existed gets its thread on first open.
    if (!open && !conversationId) void load({ variables: { bookingId: booking.id } });
    if (!open && unread > 0) {
      // Opening the card's messages reads what the bell said about this booking.
      client.cache.modify({ id: client.cache.identify({ __typename: 'Booking', id: booking.id }), fields: { unreadCount: () => 0 } });
      void markRead({ variables: { input: { bookingId: booking.id } } })
        .then(() => client.refetchQueries({ include: [UnreadNotificationCountDocument] }))
        .catch(() => undefined);
    }
    setOpen(!open);
  };

  return (
    <Stack gap="3">
      {proposal?.proposal && !open && (
        <ProposalCard
          proposerName={proposal.senderName ?? (isBooker ? booking.creator.displayName : booking.booker.name)}
          responderName={counterpart}
          startTime={proposal.proposal.startTime}
          endTime={proposal.proposal.endTime}
          state={proposal.proposal.status}
          createdAt={proposal.createdAt}
          mine={mine}
          zone={zone}
          canRespond={!mine}
          responding={answering?.proposalId === proposal.id ? answering.answer : null}
          onAccept={() => void respond(proposal.id, 'accept')}
          onDecline={() => void respond(proposal.id, 'decline')}
        />
      )}
      <Box>
        <Button
          size="sm"
          variant={open ? 'subtle' : 'outline'}
          aria-expanded={open}
          aria-controls={sectionId}
          onClick={toggle}
        >
          <LuMessageSquare aria-hidden />
          {/* One inline run, so its name reads "Messages, 2 unread" while the visible text stays "Messages 2" (no aria-label that hides the visible words). */}
          <span>
            {open ? 'Hide messages' : 'Messages'}
            {unread > 0 && !open && <VisuallyHidden>, {unread} unread</VisuallyHidden>}
          </span>
          {unread > 0 && !open && (
            <Badge colorPalette="red" variant="solid" rounded="full" aria-hidden data-testid="booking-unread">
              {unread}
            </Badge>
          )}
        </Button>
      </Box>
      {open && (
        <Box id={sectionId} borderWidth="1px" borderColor="border.muted" rounded="xl" overflow="hidden">
          {conversationId ? (
            <ConversationPane conversationId={conversationId} threadHeight={{ base: '50dvh', md: '22rem' }} />
          ) : lazy.error ? (
            <FormError message={errorMessage(lazy.error, 'Failed to load the conversation')} />
          ) : (
            <Center py="8" role="status">
              <Spinner color="brand.solid" />
              <Text srOnly>Loading the conversation</Text>
            </Center>
          )}
        </Box>
      )}
    </Stack>
  );
}
