import { Badge, Card, Flex, Heading, HStack, Icon, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import type { IconType } from 'react-icons';
import { LuBadgeCheck, LuCalendarCheck, LuClock, LuDollarSign } from 'react-icons/lu';
import type { CreatorHeader_CreatorFragment } from '../../../gql/graphql';
import { GlassCard } from '../../../shared/components/content/GlassCard';
import { PlatformBadges } from '../../../shared/components/PlatformBadges';
import { formatCents } from '../../../shared/lib/money';
import { CreatorAvatar } from './CreatorAvatar';
import { StarRating } from './StarRating';

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

function HeaderStat({ icon, label, value }: { icon: IconType; label: string; value: string }) {
  return (
    <HStack gap="3" p="3" rounded="xl" bg="colorPalette.subtle" borderWidth="1px" borderColor="colorPalette.muted">
      <Icon as={icon} boxSize="5" color="colorPalette.fg" aria-hidden />
      <Stack gap="0">
        <Text textStyle="xs" color="fg.muted">
          {label}
        </Text>
        <Text fontWeight="semibold">{value}</Text>
      </Stack>
    </HStack>
  );
}

/** Spec §2: avatar, name, rating with booking count, rate, minimum hours, bookings, platforms, bio. */
export function CreatorHeader({
  creator,
  action,
  channels,
}: {
  creator: CreatorHeader_CreatorFragment;
  action?: ReactNode;
  /** The platforms as linked channels (CreatorHandles); else plain platform badges. */
  channels?: ReactNode;
}) {
  return (
    <GlassCard>
      <Card.Body gap="5" p={{ base: '5', md: '8' }}>
        <Flex
          gap={{ base: '4', md: '6' }}
          direction={{ base: 'column', sm: 'row' }}
          align={{ base: 'center', sm: 'flex-start' }}
        >
          <CreatorAvatar displayName={creator.displayName} imageUrl={creator.avatarUrl} />
          <Stack
            gap="2"
            flex="1"
            minW="0"
            align={{ base: 'center', sm: 'flex-start' }}
            textAlign={{ base: 'center', sm: 'start' }}
          >
            <HStack gap="2" flexWrap="wrap" justify={{ base: 'center', sm: 'flex-start' }}>
              <Heading as="h1" size={{ base: '2xl', md: '3xl' }} letterSpacing="tight" wordBreak="break-word">
                {creator.displayName}
              </Heading>
              {creator.isVerified && (
                <Badge colorPalette="brand" variant="solid" gap="1">
                  <Icon as={LuBadgeCheck} aria-hidden />
                  Verified
                </Badge>
              )}
            </HStack>
            <StarRating rating={creator.averageRating} countLabel={plural(creator.reviewCount, 'review')} />
            {channels ??
              (creator.platforms.length > 0 ? (
                <PlatformBadges
                  platforms={creator.platforms}
                  size="md"
                  justify={{ base: 'center', sm: 'flex-start' }}
                />
              ) : (
                <Text textStyle="sm" color="fg.muted">
                  No platforms configured
                </Text>
              ))}
          </Stack>
          {action && <Flex flexShrink={0}>{action}</Flex>}
        </Flex>

        <SimpleGrid columns={{ base: 1, sm: 3 }} gap="3">
          <HeaderStat
            icon={LuDollarSign}
            label="Hourly rate"
            value={creator.hourlyRateCents != null ? `${formatCents(creator.hourlyRateCents)}/hour` : '—'}
          />
          <HeaderStat icon={LuClock} label="Minimum" value={plural(creator.minimumHours, 'hour')} />
          <HeaderStat icon={LuCalendarCheck} label="Total bookings" value={String(creator.totalBookings)} />
        </SimpleGrid>

        {creator.bio && (
          <Text color="fg.muted" whiteSpace="pre-line">
            {creator.bio}
          </Text>
        )}
      </Card.Body>
    </GlassCard>
  );
}
