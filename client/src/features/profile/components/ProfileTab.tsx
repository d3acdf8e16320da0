import { Badge, Button, Heading, HStack, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { LuBadgeCheck, LuCalendarCheck, LuDollarSign, LuPencil, LuStar } from 'react-icons/lu';
import type { ProfileTab_ProfileFragment } from '../../../gql/graphql';
import { formatCents } from '../../../shared/lib/money';
import { averageRatingLabel, profileTabTitle } from '../lib/profile-stats';
import { ProfileDetails } from './ProfileDetails';
import { PackagesManager } from '../../packages/components/PackagesManager';
import { ProfileDialog } from './ProfileDialog';
import { PhotoEditor } from './PhotoEditor';
import { StatCard } from '../../../shared/components/content/StatCard';

/**
 * Dashboard → Profile (spec §2): "My Creator Profile" or "My Brand Profile", Edit Profile, and
 * the Total Bookings, Average Rating (N/A when none) and Hourly Rate cards (creators; brands
 * have no rate).
 */
export function ProfileTab({ profile }: { profile: ProfileTab_ProfileFragment }) {
  const [editing, setEditing] = useState(false);
  const isCreator = profile.accountType === 'CREATOR';

  return (
    <Stack gap="6">
      <Stack
        direction={{ base: 'column', sm: 'row' }}
        justify="space-between"
        align={{ base: 'stretch', sm: 'center' }}
        gap="3"
      >
        <Stack gap="1">
          <HStack gap="2">
            <Heading as="h2" size="xl">
              {profileTabTitle(profile.accountType)}
            </Heading>
            {profile.isVerified && (
              <Badge colorPalette="brand" variant="subtle">
                <LuBadgeCheck aria-hidden />
                Verified
              </Badge>
            )}
          </HStack>
          <Text color="fg.muted">
            {isCreator ? 'This is what brands see when they find you.' : 'This is what creators see about your brand.'}
          </Text>
        </Stack>
        <Button onClick={() => setEditing(true)}>
          <LuPencil aria-hidden />
          Edit Profile
        </Button>
      </Stack>

      <PhotoEditor displayName={profile.displayName} avatarUrl={profile.avatarUrl} isCreator={isCreator} />

      <SimpleGrid columns={{ base: 1, sm: isCreator ? 3 : 2 }} gap="4">
        <StatCard label="Total Bookings" value={String(profile.totalBookings)} icon={LuCalendarCheck} />
        <StatCard
          label="Average Rating"
          value={averageRatingLabel(profile.averageRating)}
          icon={LuStar}
          palette="yellow"
          help={
            profile.reviewCount > 0
              ? `${profile.reviewCount} ${profile.reviewCount === 1 ? 'review' : 'reviews'}`
              : undefined
          }
        />
        {isCreator && (
          <StatCard
            label="Hourly Rate"
            value={profile.hourlyRateCents !== null ? formatCents(profile.hourlyRateCents) : 'N/A'}
            icon={LuDollarSign}
            palette="green"
          />
        )}
      </SimpleGrid>

      <ProfileDetails profile={profile} />

      {isCreator && <PackagesManager />}

      <ProfileDialog open={editing} onOpenChange={setEditing} accountType={profile.accountType} profile={profile} />
    </Stack>
  );
}
