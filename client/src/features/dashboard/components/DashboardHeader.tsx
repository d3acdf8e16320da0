import { Button, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { LuLogOut, LuUserPlus } from 'react-icons/lu';
import { useNavigate } from 'react-router-dom';
import { useAuth } from '../../auth/hooks/useAuth';

interface Props {
  email: string;
  /** Shown as a Create Profile button while the user has no profile. */
  onCreateProfile?: () => void;
}

/** The dashboard's greeting with the user's e-mail, Sign Out and (without a profile) Create Profile. */
export function DashboardHeader({ email, onCreateProfile }: Props) {
  const { signOut } = useAuth();
  const navigate = useNavigate();

  const handleSignOut = async () => {
    await signOut();
    navigate('/', { replace: true });
  };

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
        <Text color="fg.muted" wordBreak="break-word">
          {onCreateProfile ? 'Welcome' : 'Welcome back'}, <strong>{email}</strong>
        </Text>
      </Stack>
      <HStack gap="2" flexShrink={0}>
        {onCreateProfile && (
          <Button onClick={onCreateProfile} flex={{ base: '1', md: 'initial' }}>
            <LuUserPlus aria-hidden />
            Create Profile
          </Button>
        )}
        <Button variant="outline" onClick={handleSignOut} flex={{ base: '1', md: 'initial' }}>
          <LuLogOut aria-hidden />
          Sign Out
        </Button>
      </HStack>
    </Stack>
  );
}
