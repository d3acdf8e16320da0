import { useMyTwoFactorQuery } from '../../../gql/graphql';

/** The viewer's two-step sign-in (cached; settings refetch it after a change). */
export function useTwoFactor() {
  const { data, loading, error, refetch } = useMyTwoFactorQuery({ fetchPolicy: 'cache-first' });
  return { status: data?.twoFactorStatus ?? null, enabled: Boolean(data?.twoFactorStatus.enabled), loading, error, refetch };
}
