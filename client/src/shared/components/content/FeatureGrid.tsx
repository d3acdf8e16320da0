import { SimpleGrid } from '@chakra-ui/react';
import { IconFeatureCard, type IconFeature } from './IconFeatureCard';

/** A responsive grid of icon cards (1 column on phones, up to `columns` on desktop). */
export function FeatureGrid({ items, columns = 4 }: { items: readonly IconFeature[]; columns?: 2 | 3 | 4 }) {
  return (
    <SimpleGrid columns={{ base: 1, sm: 2, lg: columns }} gap="6">
      {items.map((item) => (
        <IconFeatureCard key={item.title} {...item} />
      ))}
    </SimpleGrid>
  );
}
