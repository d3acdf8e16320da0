import { useMyProfileQuery } from '../../../gql/graphql';

/** The viewer's own profile: undefined while loading, null when they have none yet. */
export function useMyProfile() {
  const { data, loading, error, refetch } = useMyProfileQuery();
  return { profile: data?.myProfile, loading: loading && !data, error, refetch };
}
