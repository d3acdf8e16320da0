import { useState } from 'react';
import { useProposeBookingTimeMutation } from '../../../gql/graphql';
import { errorMessage } from '../../../shared/lib/error-message';
import { toast } from '../../../shared/toast';
import type { ProposalOption } from '../lib/proposal-times';

/**
 * The creator's "Propose another time" for a pending request. The proposal becomes the booking's
 * open proposal at once (its card shows it waiting); the thread gets it live. A refusal (hours
 * taken meanwhile, the request answered or lapsed) is shown as the server words it.
 */
export function useProposeTime(bookingId: string) {
  const [mutate, { loading }] = useProposeBookingTimeMutation();
  const [proposing, setProposing] = useState(false);

  const propose = async (option: ProposalOption): Promise<boolean> => {
    setProposing(true);
    try {
      await mutate({
        variables: { input: { bookingId, startTime: option.startTime, endTime: option.endTime } },
        update: (cache, { data }) => {
          const message = data?.proposeBookingTime;
          if (!message) return;
          cache.modify({
            id: cache.identify({ __typename: 'Booking', id: bookingId }),
            fields: { openProposal: (_value, { toReference }) => toReference({ __typename: 'Message', id: message.id }) ?? null },
          });
        },
      });
      toast.success('Proposal sent', 'The client can accept the new time or decline it.');
      return true;
    } catch (error) {
      toast.error('Could not propose that time', errorMessage(error, 'Please try again.'));
      return false;
    } finally {
      setProposing(false);
    }
  };

  return { propose, proposing: proposing || loading };
}
