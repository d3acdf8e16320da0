import { Button, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { LuUserPlus } from 'react-icons/lu';
import { greeting } from '../lib/greeting';

interface Props {
  user: { createdAt: string };
  /** The profile's display name (null until the profile exists). */
  displayName?: string | null;
  /** Shown as a Create Profile button while the user has no profile. */
  onCreateProfile?: () => void;
}

/**
 * The dashboard's greeting by display name and (without a profile) Create Profile. Sign Out lives
 * in the navigation bar only.
 */
export function DashboardHeader({ user, displayName, onCreateProfile }: Props) {
  return (
    <Stack
      as="header"
      direction={{ base: 'column', md: 'row' }}
      justify="space-between"
      align={{ base: 'stretch', md: 'center' }}
      gap="4"
    >
      <Stack gap="1" minW="0">
        <Heading as="h1" size={{ base: '2xl', md: '3xl' }} letterSpacing="tight">
          Dashboard
        </Heading>
        <Text color="fg.muted" wordBreak="break-word" data-testid="dashboard-greeting">
          {greeting(user, displayName)}
        </Text>
      </Stack>
      {onCreateProfile && (
        <HStack gap="2" flexShrink={0}>
          <Button onClick={onCreateProfile} flex={{ base: '1', md: 'initial' }}>
            <LuUserPlus aria-hidden />
            Create Profile
          </Button>
        </HStack>
      )}
    </Stack>
  );
}
