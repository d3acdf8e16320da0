import { Button, Heading, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { LuCalendarClock, LuCalendarDays, LuHourglass, LuInbox, LuWallet } from 'react-icons/lu';
import { useOverviewQuery, type AccountType } from '../../../gql/graphql';
import { StatCard } from '../../../shared/components/content/StatCard';
import { formatCents } from '../../../shared/lib/money';
import { useViewerZone } from '../../profile/hooks/useViewerZone';
import { OVERVIEW_LIST_LENGTH, overviewTips } from '../lib/overview-rules';
import { EarningRow } from './EarningRow';
import { OverviewListCard } from './OverviewListCard';
import { OverviewSkeleton } from './OverviewSkeleton';
import { OverviewTips } from './OverviewTips';
import { CreatorSetupChecklist } from './CreatorSetupChecklist';
import { ProfileCompletenessCard } from './ProfileCompletenessCard';
import { UpcomingBookingRow } from './UpcomingBookingRow';
import { UtilizationCard } from './UtilizationCard';
import { LoadErrorAlert } from '../../../shared/components/LoadErrorAlert';

export interface OverviewProfile {
  accountType: AccountType;
  bio?: string | null;
  platforms: readonly unknown[];
  averageRating: number;
  /** The profile photo, when one was added (the set-up checklist asks for one). */
  avatarUrl?: string | null;
}

interface Props {
  profile: OverviewProfile;
  /** Switches the dashboard to another tab (tips link to Availability and Profile). */
  onOpenTab?: (tab: 'availability' | 'profile' | 'discover') => void;
}

/**
 * Dashboard → Overview (spec §9 "Overview metrics"). Every figure comes from the `overview`
 * query; this component only lays them out and applies the display rules (badge colour,
 * completeness, tips). Brands, who earn nothing, see their upcoming collaborations.
 */
export function OverviewTab({ profile, onOpenTab }: Props) {
  const { data, loading, error, refetch } = useOverviewQuery({ fetchPolicy: 'cache-and-network' });
  const overview = data?.overview;
  const isCreator = profile.accountType === 'CREATOR';
  const zone = useViewerZone();

  const heading = (
    <Stack gap="1">
      <Heading as="h2" size="xl">
        Overview
      </Heading>
      <Text color="fg.muted">
        {isCreator
          ? 'Your earnings, bookings and availability at a glance.'
          : 'Your upcoming collaborations at a glance.'}
      </Text>
    </Stack>
  );

  if (!overview) {
    return (
      <Stack gap="6">
        {heading}
        {loading || !error ? (
          <OverviewSkeleton />
        ) : (
          <LoadErrorAlert title="Failed to load your overview" error={error} onRetry={refetch} />
        )}
      </Stack>
    );
  }

  const upcomingList = (
    <OverviewListCard
      title="Upcoming"
      emptyText="No confirmed collaborations coming up"
      isEmpty={overview.upcoming.length === 0}
    >
      {overview.upcoming.slice(0, OVERVIEW_LIST_LENGTH).map((booking) => (
        <UpcomingBookingRow key={booking.id} booking={booking} zone={zone} />
      ))}
    </OverviewListCard>
  );

  if (!isCreator) {
    return (
      <Stack gap="6">
        {heading}
        <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
          <StatCard label="Upcoming" value={String(overview.upcomingCount)} icon={LuCalendarClock} palette="accent" />
          <StatCard
            label="Awaiting the creator"
            value={String(overview.awaitingCreatorCount)}
            icon={LuInbox}
            palette="orange"
          />
        </SimpleGrid>
        {upcomingList}
        {onOpenTab && (
          <Button alignSelf="start" variant="outline" onClick={() => onOpenTab('discover')}>
            Discover creators
          </Button>
        )}
      </Stack>
    );
  }

  const tips = overviewTips({ utilizationPercent: overview.utilizationPercent, averageRating: profile.averageRating, totalSlots: overview.totalSlots });

  return (
    <Stack gap="6">
      {heading}
      <CreatorSetupChecklist hasHours={overview.totalSlots > 0} hasPhoto={Boolean(profile.avatarUrl)} />
      <SimpleGrid columns={{ base: 2, md: 3, xl: 5 }} gap={{ base: '3', md: '4' }}>
        <StatCard
          compact
          label="Total Earnings"
          value={formatCents(overview.earningsCents)}
          icon={LuWallet}
          palette="green"
        />
        <StatCard
          compact
          label="This Month"
          value={formatCents(overview.monthEarningsCents)}
          help={`From collabs held in ${new Intl.DateTimeFormat('en-US', { month: 'long', timeZone: zone }).format(new Date())}`}
          icon={LuCalendarDays}
        />
        <StatCard
          compact
          label="Pending Payouts"
          value={formatCents(overview.pendingPayoutCents)}
          icon={LuHourglass}
          palette="orange"
        />
        <StatCard
          compact
          label="Upcoming"
          value={String(overview.upcomingCount)}
          icon={LuCalendarClock}
          palette="accent"
        />
        <StatCard
          compact
          label="Awaiting response"
          value={String(overview.awaitingResponseCount)}
          icon={LuInbox}
          palette="orange"
        />
      </SimpleGrid>

      <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
        <UtilizationCard
          utilizationPercent={overview.utilizationPercent}
          bookedSlots={overview.bookedSlots}
          totalSlots={overview.totalSlots}
        />
        <ProfileCompletenessCard bio={profile.bio} platforms={profile.platforms} hasPhoto={Boolean(profile.avatarUrl)} />
      </SimpleGrid>

      <OverviewTips
        tips={tips}
        actions={
          onOpenTab && {
            'first-hours': { label: 'Set your hours', onClick: () => onOpenTab('availability') },
            'add-slots': { label: 'Manage Availability', onClick: () => onOpenTab('availability') },
            'raise-rate': { label: 'Edit Profile', onClick: () => onOpenTab('profile') },
          }
        }
      />

      <SimpleGrid columns={{ base: 1, lg: 2 }} gap="4">
        <OverviewListCard
          title="Recent Earnings"
          emptyText="No earnings yet"
          isEmpty={overview.recentEarnings.length === 0}
        >
          {overview.recentEarnings.slice(0, OVERVIEW_LIST_LENGTH).map((booking) => (
            <EarningRow key={booking.id} booking={booking} zone={zone} />
          ))}
        </OverviewListCard>
        {upcomingList}
      </SimpleGrid>
    </Stack>
  );
}
