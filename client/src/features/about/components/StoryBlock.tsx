import { Card, Stack, Text } from '@chakra-ui/react';
import { GlassCard } from '../../../shared/components/content/GlassCard';
import { BOOKING_PROMISES, StatHighlights } from '../../../shared/components/content/StatHighlights';
import { STORY_PARAGRAPHS } from './about-content';

/** How CollabHub began, with a few headline figures. */
export function StoryBlock() {
  return (
    <GlassCard>
      <Card.Body gap="8" p={{ base: '6', md: '10' }}>
        <Stack gap="4" maxW="3xl" mx="auto">
          {STORY_PARAGRAPHS.map((paragraph) => (
            <Text key={paragraph.slice(0, 24)} fontSize={{ base: 'md', md: 'lg' }} color="fg.muted" lineHeight="tall">
              {paragraph}
            </Text>
          ))}
        </Stack>
        <StatHighlights items={BOOKING_PROMISES} />
      </Card.Body>
    </GlassCard>
  );
}
