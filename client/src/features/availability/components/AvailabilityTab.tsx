import { Grid, GridItem } from '@chakra-ui/react';
import { LuCalendarOff } from 'react-icons/lu';
import type { AccountType } from '../../../gql/graphql';
import { ComingSoonPanel } from '../../../shared/components/content/ComingSoonPanel';
import { ConnectCard } from '../../connect/components/ConnectCard';
import { useLiveSlots } from '../hooks/useLiveSlots';
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
  return <CreatorAvailability creatorId={profile.id} zone={profile.timezone || 'UTC'} />;
}

function CreatorAvailability({ creatorId, zone }: { creatorId: string; zone: string }) {
  useLiveSlots(creatorId);
  return (
    <Grid
      templateColumns={{ base: 'minmax(0, 1fr)', lg: 'minmax(0, 3fr) minmax(0, 2fr)' }}
      templateAreas={{ base: '"slots" "recurring" "payouts"', lg: '"slots recurring" "payouts recurring"' }}
      templateRows={{ lg: 'auto 1fr' }}
      gap="6"
      alignItems="start"
    >
      <GridItem area="slots" minW="0">
        <AvailabilityManager creatorId={creatorId} zone={zone} />
      </GridItem>
      <GridItem area="recurring" minW="0">
        <RecurringScheduleManager creatorId={creatorId} zone={zone} />
      </GridItem>
      <GridItem area="payouts" minW="0">
        <ConnectCard />
      </GridItem>
    </Grid>
  );
}
