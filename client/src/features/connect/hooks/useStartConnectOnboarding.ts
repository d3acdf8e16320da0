import { useStartConnectOnboardingMutation } from '../../../gql/graphql';
import { serverDetail } from '../../../shared/lib/server-detail';
import { toast } from '../../../shared/toast';

export const CONNECT_MESSAGES = {
  opening: 'Opening onboarding in a new tab...',
  failed: 'Failed to start Stripe Connect process',
} as const;

/** Where the provider's onboarding sends the creator back to (a path on this site; the server refuses others). */
export const CONNECT_RETURN_PATH = '/dashboard?tab=availability';

/**
 * "Connect" / "Complete Setup": asks the server for an onboarding link and opens it in a new tab.
 * The tab is opened before the request (inside the click) so popup blockers let it through.
 */
export function useStartConnectOnboarding() {
  const [mutate, { loading }] = useStartConnectOnboardingMutation();

  /** `code`: two-step sign-in's current code (payout details need one when it is on). */
  const startOnboarding = async (code?: string) => {
    const tab = window.open('', '_blank');
    try {
      const { data } = await mutate({ variables: { returnUrl: CONNECT_RETURN_PATH, ...(code ? { code } : {}) } });
      const url = data?.createConnectAccount.url;
      if (!url) throw new Error('No onboarding link received');
      toast.info(CONNECT_MESSAGES.opening);
      if (tab) {
        tab.opener = null;
        tab.location.href = url;
      } else {
        window.open(url, '_blank', 'noopener,noreferrer');
      }
    } catch (error) {
      tab?.close();
      toast.error(CONNECT_MESSAGES.failed, serverDetail(error));
    }
  };

  return { startOnboarding, starting: loading };
}
