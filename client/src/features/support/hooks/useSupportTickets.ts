import {
  SupportTicketsDocument,
  useSetSupportTicketStatusMutation,
  useSupportTicketsQuery,
  type SupportTicketListStatus,
  type SupportTicketStatus,
} from '../../../gql/graphql';
import { withToasts } from '../../../shared/lib/toast-action';
import { SUPPORT_MESSAGES as MSG } from '../lib/support-rules';

/** Contact-form tickets with this status, newest first (the server's order). */
export function useSupportTickets(status: SupportTicketListStatus) {
  const { data, loading, error } = useSupportTicketsQuery({ variables: { status }, fetchPolicy: 'cache-and-network' });
  return { tickets: data?.supportTickets ?? [], loading: loading && !data, error: data ? undefined : error };
}

/** Closes a ticket or opens it again; the lists are read again so it moves to its new filter. */
export function useSetTicketStatus() {
  const [mutate, { loading }] = useSetSupportTicketStatusMutation({
    refetchQueries: [SupportTicketsDocument],
    awaitRefetchQueries: true,
  });
  const setStatus = (id: string, reference: string, status: SupportTicketStatus) =>
    withToasts(() => mutate({ variables: { id, status } }), {
      success: status === 'CLOSED' ? `${reference} closed` : `${reference} opened again`,
      failure: MSG.ticketUpdateFailed,
    });
  return { setStatus, saving: loading };
}
