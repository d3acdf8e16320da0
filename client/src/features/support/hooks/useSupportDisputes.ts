import { useSupportDisputesQuery, type DisputeListStatus } from '../../../gql/graphql';

/** Disputes for support staff (oldest first); polled, since support is not a party to the live feed. */
export function useSupportDisputes(status: DisputeListStatus) {
  const { data, loading, error } = useSupportDisputesQuery({
    variables: { status },
    fetchPolicy: 'cache-and-network',
    pollInterval: 30_000,
  });
  return { disputes: data?.supportDisputes ?? [], loading: loading && !data, error };
}
