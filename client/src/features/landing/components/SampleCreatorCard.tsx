import { Avatar, Badge, Box, Button, Card, HStack, Icon, Stack, Text } from '@chakra-ui/react';
import { LuBadgeCheck, LuClock, LuStar } from 'react-icons/lu';
import { GlassCard } from '../../../shared/components/content/GlassCard';

const SAMPLE_SLOTS = ['10:00', '11:00', '12:00', '15:00', '16:00', '17:00'];
const PICKED = new Set(['11:00', '12:00']);

/** Decorative preview of a creator card and a picked time range, for the hero. */
export function SampleCreatorCard() {
  return (
    <Box position="relative" aria-hidden="true" maxW="sm" width="full" mx="auto">
      <GlassCard shadow="2xl" transform={{ lg: 'rotate(2deg)' }}>
        <Card.Body gap="4">
          <HStack gap="3">
            <Avatar.Root size="lg" colorPalette="accent">
              <Avatar.Fallback name="Nova Rivers" />
            </Avatar.Root>
            <Stack gap="0.5" flex="1">
              <HStack gap="1.5">
                <Text fontWeight="bold">Nova Rivers</Text>
                <Icon as={LuBadgeCheck} color="brand.fg" />
              </HStack>
              <HStack gap="1" fontSize="sm" color="fg.muted">
                <Icon as={LuStar} color="yellow.500" />
                <Text>4.9 · 128 reviews</Text>
              </HStack>
            </Stack>
          </HStack>
          <HStack gap="2" wrap="wrap">
            <Badge colorPalette="purple">twitch</Badge>
            <Badge colorPalette="red">youtube</Badge>
            <Badge colorPalette="gray">tiktok</Badge>
          </HStack>
          <Text fontSize="sm" color="fg.muted">
            Variety streamer and speedrunner. Co-streams, sponsored segments and community game nights.
          </Text>
          <Box>
            <HStack gap="1.5" fontSize="xs" color="fg.muted" mb="2">
              <Icon as={LuClock} />
              <Text>Friday · pick consecutive hours</Text>
            </HStack>
            <Box display="grid" gridTemplateColumns="repeat(3, 1fr)" gap="2">
              {SAMPLE_SLOTS.map((slot) => (
                <Box
                  key={slot}
                  textAlign="center"
                  py="1.5"
                  rounded="md"
                  fontSize="sm"
                  fontWeight="medium"
                  borderWidth="1px"
                  borderColor={PICKED.has(slot) ? 'brand.solid' : 'border'}
                  bg={PICKED.has(slot) ? 'brand.solid' : 'transparent'}
                  color={PICKED.has(slot) ? 'brand.contrast' : 'fg'}
                >
                  {slot}
                </Box>
              ))}
            </Box>
          </Box>
          <HStack justify="space-between" pt="1">
            <Stack gap="0">
              <Text fontSize="xs" color="fg.muted">
                2 hours × $85
              </Text>
              <Text fontWeight="bold" fontSize="lg">
                $170.00
              </Text>
            </Stack>
            <Button size="sm" tabIndex={-1}>
              Book
            </Button>
          </HStack>
        </Card.Body>
      </GlassCard>
      <GlassCard
        position="absolute"
        bottom="-6"
        left={{ base: '-2', md: '-10' }}
        shadow="lg"
        display={{ base: 'none', sm: 'block' }}
      >
        <Card.Body py="3" px="4">
          <HStack gap="2">
            <Box boxSize="2.5" rounded="full" bg="green.500" />
            <Text fontSize="sm" fontWeight="medium">
              Payment held until the collab is confirmed
            </Text>
          </HStack>
        </Card.Body>
      </GlassCard>
    </Box>
  );
}
