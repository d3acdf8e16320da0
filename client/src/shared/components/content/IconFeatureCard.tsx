import { Card, Heading, Text } from '@chakra-ui/react';
import type { IconType } from 'react-icons';
import { GlassCard } from './GlassCard';
import { IconBadge } from './IconBadge';

export interface IconFeature {
  icon: IconType;
  title: string;
  description: string;
  /** Chakra colour palette of the icon tile. */
  palette?: string;
}

/** Icon, title and a short paragraph: features, values, promises. */
export function IconFeatureCard({ icon, title, description, palette = 'brand' }: IconFeature) {
  return (
    <GlassCard
      height="full"
      transition="transform 0.2s, box-shadow 0.2s"
      _hover={{ transform: 'translateY(-4px)', shadow: 'lg' }}
    >
      <Card.Body gap="4">
        <IconBadge icon={icon} colorPalette={palette} />
        <Heading as="h3" size="md">
          {title}
        </Heading>
        <Text color="fg.muted">{description}</Text>
      </Card.Body>
    </GlassCard>
  );
}
