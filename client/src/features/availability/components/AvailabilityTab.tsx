import { Grid, Stack } from '@chakra-ui/react';
import { LuCalendarOff } from 'react-icons/lu';
import type { AccountType } from '../../../gql/graphql';
import { ComingSoonPanel } from '../../../shared/components/content/ComingSoonPanel';
import { ConnectCard } from '../../connect/components/ConnectCard';
import { AvailabilityManager } from './AvailabilityManager';
import { RecurringScheduleManager } from './RecurringScheduleManager';

export interface AvailabilityTabProfile {
  id: string;
  accountType: AccountType;
  timezone: string;
}

/**
 * The dashboard's Availability tab (creators): one-off slots by week, weekly schedules with the
 * upcoming generated slots, and the payout account. Times are in the creator's own zone.
 */
export function AvailabilityTab({ profile }: { profile: AvailabilityTabProfile }) {
  if (profile.accountType !== 'CREATOR') {
    return (
      <ComingSoonPanel
        icon={LuCalendarOff}
        title="Availability is for creators"
        description="Brand profiles book creators' time; they do not publish availability of their own."
      />
    );
  }
  const zone = profile.timezone || 'UTC';
  return (
    <Grid templateColumns={{ base: 'minmax(0, 1fr)', lg: 'minmax(0, 3fr) minmax(0, 2fr)' }} gap="6" alignItems="start">
      <AvailabilityManager streamerId={profile.id} zone={zone} />
      <Stack gap="6" minW="0">
        <RecurringScheduleManager streamerId={profile.id} zone={zone} />
        <ConnectCard />
      </Stack>
    </Grid>
  );
}
