import { useState } from 'react';
import { useRespondToProposedTimeMutation, type ThreadMessage_MessageFragment } from '../../../gql/graphql';
import { errorMessage } from '../../../shared/lib/error-message';
import { toast } from '../../../shared/toast';

/** The booker's answer to a proposed time: accept (the booking moves) or decline. */
export function useRespondToProposal(onAnswered: (proposal: ThreadMessage_MessageFragment) => void) {
  const [mutate] = useRespondToProposedTimeMutation();
  const [answering, setAnswering] = useState<{ proposalId: string; answer: 'accept' | 'decline' } | null>(null);

  const respond = async (proposalId: string, answer: 'accept' | 'decline') => {
    setAnswering({ proposalId, answer });
    try {
      const result = await mutate({
        variables: { input: { messageId: proposalId, accept: answer === 'accept' } },
        // Answered: the booking's card no longer offers it.
        update: (cache, { data }) => {
          const bookingId = data?.respondToProposedTime.bookingId;
          if (bookingId) cache.modify({ id: cache.identify({ __typename: 'Booking', id: bookingId }), fields: { openProposal: () => null } });
        },
      });
      if (result.data) onAnswered(result.data.respondToProposedTime);
      toast.success(answer === 'accept' ? 'The booking moved to the new time' : 'You declined the proposed time');
    } catch (error) {
      toast.error(
        answer === 'accept' ? 'Could not move the booking' : 'Could not decline the proposal',
        errorMessage(error, 'Please try again.'),
      );
    } finally {
      setAnswering(null);
    }
  };

  return { respond, answering };
}
