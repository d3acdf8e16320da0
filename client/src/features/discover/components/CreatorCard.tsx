import { Badge, Box, Button, Card, Heading, HStack, Icon, Stack, Text } from '@chakra-ui/react';
import { LuBadgeCheck, LuCalendarClock, LuCalendarDays, LuSparkles, LuStar } from 'react-icons/lu';
import { Link } from 'react-router-dom';
import type { CreatorCard_CreatorFragment } from '../../../gql/graphql';
import { GlassCard } from '../../../shared/components/content/GlassCard';
import { PlatformBadges } from '../../../shared/components/PlatformBadges';
import { formatCents } from '../../../shared/lib/money';
import {
  bookingCountLabel,
  formatRating,
  isNewCreator,
  minimumHoursLabel,
  nextFreeLabel,
  reviewCountLabel,
} from '../lib/creator-card';
import { ProfileAvatar } from '../../../shared/components/ProfileAvatar';

interface Props {
  creator: CreatorCard_CreatorFragment;
  /** Heading level of the creator's name (h3 inside a titled section). */
  headingLevel?: 'h2' | 'h3' | 'h4';
}

/**
 * A creator in a listing (spec §2 "Creator card"): avatar with initials, name and verified tick,
 * rating (only above 0), bookings and platforms, a two-line bio, rate and minimum hours, and a
 * View Availability link, or a disabled Unavailable button.
 */
export function CreatorCard({ creator, headingLevel = 'h3' }: Props) {
  const rating = formatRating(creator.averageRating);
  const bookings = bookingCountLabel(creator.totalBookings);
  const isNew = isNewCreator(creator.createdAt, creator.reviewCount);
  const nextFree = creator.nextFreeSlots[0];

  return (
    <GlassCard
      as="article"
      height="full"
      aria-label={creator.displayName}
      transition="box-shadow 0.2s"
      _hover={{ shadow: 'md' }}
    >
      <Card.Body gap="4" p={{ base: '4', md: '5' }}>
        <HStack gap="3" align="center">
          <ProfileAvatar name={creator.displayName} src={creator.avatarUrl} size="lg" decorative />
          <Stack gap="0.5" minW="0">
            <HStack gap="1.5" minW="0">
              <Heading as={headingLevel} size="md" truncate>
                {creator.displayName}
              </Heading>
              {creator.isVerified && (
                <Box as="span" role="img" aria-label="Verified" title="Verified" display="inline-flex" flexShrink={0}>
                  <Icon as={LuBadgeCheck} color="brand.fg" boxSize="4.5" />
                </Box>
              )}
            </HStack>
            {rating && (
              <HStack
                gap="1"
                fontSize="sm"
                color="fg.muted"
                aria-label={`Rated ${rating} out of 5 · ${reviewCountLabel(creator.reviewCount)}`}
              >
                <Icon as={LuStar} color="yellow.500" fill="yellow.400" aria-hidden />
                <Text as="span" fontWeight="semibold" color="fg">
                  {rating}
                </Text>
                <Text as="span">({creator.reviewCount})</Text>
              </HStack>
            )}
          </Stack>
        </HStack>

        <HStack gap="1.5" wrap="wrap">
          {isNew && (
            <Badge size="sm" variant="solid" colorPalette="green" title="Joined recently, no reviews yet">
              <LuSparkles aria-hidden />
              New
            </Badge>
          )}
          <Badge size="sm" variant="outline" colorPalette="gray">
            {bookings}
          </Badge>
          <PlatformBadges platforms={creator.platforms} />
        </HStack>

        <Text fontSize="sm" color="fg.muted" lineClamp={2} minH="2lh">
          {creator.bio}
        </Text>

        <Box flex="1" />

        <HStack gap="1.5" fontSize="sm" color={nextFree ? 'fg' : 'fg.muted'}>
          <Icon as={LuCalendarClock} aria-hidden color={nextFree ? 'brand.fg' : 'fg.muted'} />
          <Text as="span">{nextFree ? nextFreeLabel(nextFree.startTime) : 'No free hours yet'}</Text>
        </HStack>

        <HStack justify="space-between" align="end" gap="3" wrap="wrap">
          <Stack gap="0">
            <Text fontWeight="bold" fontSize="lg">
              {creator.hourlyRateCents !== null ? formatCents(creator.hourlyRateCents) : '—'}
              <Text as="span" fontSize="sm" fontWeight="normal" color="fg.muted">
                /hr
              </Text>
            </Text>
            <Text fontSize="xs" color="fg.muted">
              {minimumHoursLabel(creator.minimumHours)}
            </Text>
          </Stack>
          {creator.isAvailable ? (
            <Button asChild size="sm">
              <Link to={`/streamer/${creator.id}`}>
                <LuCalendarDays aria-hidden />
                View Availability
              </Link>
            </Button>
          ) : (
            <Button size="sm" variant="subtle" colorPalette="gray" disabled>
              Unavailable
            </Button>
          )}
        </HStack>
      </Card.Body>
    </GlassCard>
  );
}
