import { useWarnUserMutation } from '../../../gql/graphql';
import { withToasts } from '../../../shared/lib/toast-action';
import { SUPPORT_MESSAGES as MSG } from '../lib/support-rules';

/** Records a warning on one party of a booking. */
export function useWarnUser() {
  const [mutate, { loading }] = useWarnUserMutation();
  const warn = (userId: string, name: string, reason: string, bookingId: string) =>
    withToasts(() => mutate({ variables: { input: { userId, reason, bookingId } } }), {
      success: MSG.warned,
      successDetail: ({ data }) => {
        const count = data?.warnUser.warningCount ?? 0;
        return `${name} now has ${count} ${count === 1 ? 'warning' : 'warnings'}`;
      },
      failure: MSG.warnFailed,
    });
  return { warn, warning: loading };
}
