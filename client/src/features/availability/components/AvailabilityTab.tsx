import { Grid, GridItem } from '@chakra-ui/react';
import { LuCalendarOff } from 'react-icons/lu';
import type { AccountType } from '../../../gql/graphql';
import { ComingSoonPanel } from '../../../shared/components/content/ComingSoonPanel';
import { useFocusHashTarget } from '../../../shared/hooks/useFocusHashTarget';
import { ConnectedCalendars } from '../../calendar-sync/components/ConnectedCalendars';
import { SchedulingSettingsCard, TimeOffCard } from '../../calendar-sync/components/SchedulingGuards';
import { ConnectCard } from '../../connect/components/ConnectCard';
import { useLiveSlots } from '../hooks/useLiveSlots';
import { PAYOUTS_ID } from '../lib/payouts-anchor';
import { AvailabilityManager } from './AvailabilityManager';
import { RecurringScheduleManager } from './RecurringScheduleManager';

export interface AvailabilityTabProfile {
  id: string;
  accountType: AccountType;
  timezone: string;
}

/**
 * The dashboard's Availability tab (creators): one-off slots by week, weekly schedules with the
 * upcoming generated slots, connected calendars, scheduling settings, time off, and the payout account. Times are in the creator's own zone.
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
  // The set-up checklist's "Connect payouts" links to the payout card (`#payouts`).
  useFocusHashTarget(PAYOUTS_ID);
  return (
    <Grid
      templateColumns={{ base: 'minmax(0, 1fr)', lg: 'minmax(0, 3fr) minmax(0, 2fr)' }}
      templateAreas={{
        base: '"slots" "recurring" "calendars" "guards" "timeoff" "payouts"',
        lg: '"slots recurring" "calendars guards" "calendars timeoff" "payouts timeoff"',
      }}
      templateRows={{ lg: 'auto auto auto 1fr' }}
      gap="6"
      alignItems="start"
    >
      <GridItem area="slots" minW="0">
        <AvailabilityManager creatorId={creatorId} zone={zone} />
      </GridItem>
      <GridItem area="recurring" minW="0">
        <RecurringScheduleManager creatorId={creatorId} zone={zone} />
      </GridItem>
      <GridItem area="calendars" minW="0">
        <ConnectedCalendars zone={zone} />
      </GridItem>
      <GridItem area="guards" minW="0">
        <SchedulingSettingsCard />
      </GridItem>
      <GridItem area="timeoff" minW="0">
        <TimeOffCard zone={zone} />
      </GridItem>
      <GridItem area="payouts" minW="0" id={PAYOUTS_ID} tabIndex={-1} scrollMarginTop="24">
        <ConnectCard />
      </GridItem>
    </Grid>
  );
}
