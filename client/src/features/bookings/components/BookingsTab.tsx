import { LuCalendarCheck } from 'react-icons/lu';
import type { AccountType } from '../../../gql/graphql';
import { ComingSoonPanel } from '../../../shared/components/content/ComingSoonPanel';

/** PLACEHOLDER (written by the dashboard engineer so the dashboard compiles): the bookings engineer replaces it. */
export function BookingsTab(_props: { profile: { id: string; accountType: AccountType; timezone: string } }) {
  return <ComingSoonPanel icon={LuCalendarCheck} title="My Bookings" description="Your bookings will be listed here." />;
}
