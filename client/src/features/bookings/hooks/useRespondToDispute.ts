import { useRespondToDisputeMutation } from '../../../gql/graphql';
import { withToasts } from '../../../shared/lib/toast-action';
import { BOOKING_MESSAGES as MSG } from '../lib/booking-view';

/** The other party's side of an open dispute, for support to read. */
export function useRespondToDispute() {
  const [mutate, { loading }] = useRespondToDisputeMutation();
  const respond = (disputeId: string, statement: string) =>
    withToasts(() => mutate({ variables: { input: { disputeId, statement } } }), {
      success: MSG.statementSent,
      failure: MSG.statementFailed,
    });
  return { respond, responding: loading };
}
