import { Button, Card, Heading, Stack, Text } from '@chakra-ui/react';
import { LuSparkles } from 'react-icons/lu';
import { GlassCard } from '../../../shared/components/content/GlassCard';
import { IconBadge } from '../../../shared/components/content/IconBadge';

/** Shown until the user has a profile: Create Your Profile, with Get Started. */
export function CreateProfileCard({ onGetStarted }: { onGetStarted: () => void }) {
  return (
    <GlassCard maxW="2xl" mx="auto" width="full" shadow="lg">
      <Card.Body>
        <Stack gap="4" align="center" textAlign="center" py={{ base: '4', md: '8' }} px={{ base: '2', md: '6' }}>
          <IconBadge icon={LuSparkles} />
          <Heading as="h2" size="2xl">
            Create Your Profile
          </Heading>
          <Text color="fg.muted" maxW="md">
            Set up your profile to start collaborating: creators publish their rate and availability, brands introduce
            themselves and book creators.
          </Text>
          <Button
            size="lg"
            onClick={onGetStarted}
            bgGradient="to-r"
            gradientFrom="brand.solid"
            gradientTo="accent.solid"
            color="white"
          >
            Get Started
          </Button>
        </Stack>
      </Card.Body>
    </GlassCard>
  );
}
