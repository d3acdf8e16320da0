import { SimpleGrid, Stat } from '@chakra-ui/react';
import { GradientText } from '../GradientText';

export interface Highlight {
  value: string;
  label: string;
}

/**
 * What is true of every booking, shown on the landing and About pages (the product's promises, not
 * invented audience figures beside a short list of creators).
 */
export const BOOKING_PROMISES: readonly Highlight[] = [
  { value: 'Held', label: 'Payments until the creator accepts' },
  { value: 'Free', label: 'Withdrawal before acceptance' },
  { value: 'Real', label: 'Reviews from completed bookings only' },
  { value: 'Live', label: 'Availability and booking updates' },
];

/** A row of big numbers with their captions. */
export function StatHighlights({ items }: { items: readonly Highlight[] }) {
  return (
    <SimpleGrid columns={{ base: 2, md: items.length }} gap="6">
      {items.map((item) => (
        // Label first in the DOM (a <dt> must precede its <dd>), value shown on top.
        <Stat.Root key={item.label} textAlign="center" alignItems="center" flexDirection="column-reverse">
          <Stat.Label color="fg.muted" justifyContent="center">
            {item.label}
          </Stat.Label>
          <Stat.ValueText fontSize={{ base: '3xl', md: '4xl' }} fontWeight="extrabold" justifyContent="center">
            <GradientText>{item.value}</GradientText>
          </Stat.ValueText>
        </Stat.Root>
      ))}
    </SimpleGrid>
  );
}
