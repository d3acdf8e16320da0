import { Card, Heading, HStack, Progress, Text } from '@chakra-ui/react';
import { GlassCard } from '../../../shared/components/content/GlassCard';
import { profileCompleteness } from '../lib/overview-rules';

interface Props {
  bio: string | null | undefined;
  platforms: readonly unknown[];
  /** Whether a photo was added: without one, the card says so rather than "complete". */
  hasPhoto?: boolean;
}

/** 100 % with a bio and at least one platform, else 75 % and what is missing. */
export function ProfileCompletenessCard({ bio, platforms, hasPhoto = true }: Props) {
  const completeness = profileCompleteness({ bio, platforms });
  return (
    <GlassCard height="full">
      <Card.Body gap="3" p={{ base: '4', md: '5' }}>
        <HStack justify="space-between" gap="3">
          <Heading as="h3" size="md">
            Profile Completeness
          </Heading>
          <Text fontWeight="bold" fontSize="lg">
            {completeness}%
          </Text>
        </HStack>
        <Progress.Root
          value={completeness}
          colorPalette={completeness === 100 ? 'green' : 'brand'}
          size="sm"
          aria-label="Profile completeness"
        >
          <Progress.Track rounded="full">
            <Progress.Range />
          </Progress.Track>
        </Progress.Root>
        <Text fontSize="sm" color="fg.muted">
          {completeness !== 100
            ? 'Add a bio and at least one platform in the Profile tab to complete your profile.'
            : hasPhoto
              ? 'Your profile is complete.'
              : 'Bio and platforms are in. Add a photo in the Profile tab so brands recognise you.'}
        </Text>
      </Card.Body>
    </GlassCard>
  );
}
