import { useViewerZoneQuery } from '../../../gql/graphql';
import { viewerZone } from '../../../shared/lib/zoned-time';
import { useAuth } from '../../auth/hooks/useAuth';

/**
 * The one time zone a viewer sees every time in: their profile's zone when signed in with a
 * profile, else the browser's (visitors, and accounts without a profile yet).
 */
export function useViewerZone(): string {
  const { user } = useAuth();
  const { data } = useViewerZoneQuery({ skip: !user, fetchPolicy: 'cache-first' });
  return (user && data?.myProfile?.timezone) || viewerZone();
}
