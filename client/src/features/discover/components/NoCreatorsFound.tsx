import { EmptyState } from '@chakra-ui/react';
import { LuSearchX } from 'react-icons/lu';

/** Empty Discover result (spec §2 Dashboard → Discover). */
export function NoCreatorsFound() {
  return (
    <EmptyState.Root borderWidth="1px" borderStyle="dashed" borderColor="border" rounded="2xl" bg="surface.glass">
      <EmptyState.Content>
        <EmptyState.Indicator>
          <LuSearchX />
        </EmptyState.Indicator>
        <EmptyState.Title as="h3">No streamers found</EmptyState.Title>
        <EmptyState.Description>Try adjusting your search filters or check back later</EmptyState.Description>
      </EmptyState.Content>
    </EmptyState.Root>
  );
}
