import { Avatar, Card, Heading, Stack, Text } from '@chakra-ui/react';
import { GlassCard } from '../../../shared/components/content/GlassCard';
import type { TeamMember } from './about-content';

/** A team member with an initials avatar, role and short bio. */
export function TeamMemberCard({ name, role, bio, palette }: TeamMember) {
  return (
    <GlassCard height="full">
      <Card.Body>
        <Stack gap="3" align="center" textAlign="center">
          <Avatar.Root size="2xl" colorPalette={palette} variant="solid">
            <Avatar.Fallback name={name} />
          </Avatar.Root>
          <Stack gap="0.5">
            <Heading as="h3" size="md">
              {name}
            </Heading>
            <Text color="colorPalette.fg" colorPalette={palette} fontWeight="medium" fontSize="sm">
              {role}
            </Text>
          </Stack>
          <Text color="fg.muted" fontSize="sm">
            {bio}
          </Text>
        </Stack>
      </Card.Body>
    </GlassCard>
  );
}
