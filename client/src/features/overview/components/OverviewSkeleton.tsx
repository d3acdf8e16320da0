import { SimpleGrid, Skeleton, Stack } from '@chakra-ui/react';

/** Placeholder of the Overview figures while they load. */
export function OverviewSkeleton() {
  return (
    <Stack gap="4" role="status" aria-busy="true" aria-label="Loading overview">
      <SimpleGrid columns={{ base: 2, lg: 4 }} gap="4">
        {Array.from({ length: 4 }, (_, index) => (
          <Skeleton key={index} height="24" rounded="2xl" />
        ))}
      </SimpleGrid>
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
        <Skeleton height="32" rounded="2xl" />
        <Skeleton height="32" rounded="2xl" />
      </SimpleGrid>
    </Stack>
  );
}
