import { Card, DataList, Heading, Stack, Text } from '@chakra-ui/react';
import type { ProfileTab_ProfileFragment } from '../../../gql/graphql';
import { GlassCard } from '../../../shared/components/content/GlassCard';
import { PlatformBadges } from '../../../shared/components/PlatformBadges';
import { PLATFORMS } from '../../../shared/lib/platforms';
import { describeZone } from '../../../shared/lib/zoned-time';

/** What the profile says: name, bio/about, and for creators platforms, handles and schedule zone. */
export function ProfileDetails({ profile }: { profile: ProfileTab_ProfileFragment }) {
  const isCreator = profile.accountType === 'CREATOR';
  const handles = PLATFORMS.filter((p) => profile.platforms.includes(p.value));

  return (
    <GlassCard>
      <Card.Body gap="5" p={{ base: '4', md: '6' }}>
        <Stack gap="1">
          <Heading as="h3" size="lg">
            {profile.displayName}
          </Heading>
          <Text color={profile.bio ? 'fg' : 'fg.muted'} whiteSpace="pre-line">
            {profile.bio || (isCreator ? 'No bio yet. Add one so brands know what you do.' : 'No description yet.')}
          </Text>
        </Stack>
        {isCreator && (
          <DataList.Root orientation="horizontal" size="sm" gap="3">
            <DataList.Item>
              <DataList.ItemLabel minW="32">Platforms</DataList.ItemLabel>
              <DataList.ItemValue>
                {profile.platforms.length > 0 ? (
                  <PlatformBadges platforms={profile.platforms} />
                ) : (
                  'No platforms configured'
                )}
              </DataList.ItemValue>
            </DataList.Item>
            {handles.map((platform) => (
              <DataList.Item key={platform.value}>
                <DataList.ItemLabel minW="32">{platform.handleLabel}</DataList.ItemLabel>
                <DataList.ItemValue wordBreak="break-all">{profile[platform.handleField]}</DataList.ItemValue>
              </DataList.Item>
            ))}
            <DataList.Item>
              <DataList.ItemLabel minW="32">Minimum booking</DataList.ItemLabel>
              <DataList.ItemValue>
                {profile.minimumHours} {profile.minimumHours === 1 ? 'hour' : 'hours'}
              </DataList.ItemValue>
            </DataList.Item>
            <DataList.Item>
              <DataList.ItemLabel minW="32">Time zone</DataList.ItemLabel>
              <DataList.ItemValue>{describeZone(profile.timezone)}</DataList.ItemValue>
            </DataList.Item>
          </DataList.Root>
        )}
      </Card.Body>
    </GlassCard>
  );
}
