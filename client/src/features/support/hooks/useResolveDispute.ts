import { useResolveDisputeMutation, type ResolveDisputeInput } from '../../../gql/graphql';
import { formatCents } from '../../../shared/lib/money';
import { withToasts } from '../../../shared/lib/toast-action';
import { RESOLUTION_LABELS, SUPPORT_MESSAGES as MSG } from '../lib/support-rules';

/**
 * Decides a dispute. The parties see the outcome live (their dashboards get `bookingUpdated`);
 * the support lists are read again so a resolved dispute leaves the Open list.
 */
export function useResolveDispute() {
  const [mutate, { loading }] = useResolveDisputeMutation({ refetchQueries: ['SupportDisputes'] });
  const resolve = (input: ResolveDisputeInput) =>
    withToasts(() => mutate({ variables: { input } }), {
      success: MSG.resolved,
      successDetail: ({ data }) => {
        const d = data?.resolveDispute;
        if (!d?.resolution) return undefined;
        return `${RESOLUTION_LABELS[d.resolution]}${d.refundCents ? `: ${formatCents(d.refundCents)} back to the booker` : ''}`;
      },
      failure: MSG.resolveFailed,
    });
  return { resolve, resolving: loading };
}
