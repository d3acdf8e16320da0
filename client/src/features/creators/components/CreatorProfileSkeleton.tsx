import { Card, Flex, Grid, HStack, Skeleton, SkeletonCircle, SkeletonText, Stack } from '@chakra-ui/react';
import { GlassCard } from '../../../shared/components/content/GlassCard';

/** The creator page's shape while the profile loads. */
export function CreatorProfileSkeleton() {
  return (
    <Stack gap="6" role="status" aria-busy="true" aria-label="Loading streamer profile">
      <GlassCard>
        <Card.Body gap="5" p={{ base: '5', md: '8' }}>
          <Flex gap="6" direction={{ base: 'column', sm: 'row' }} align={{ base: 'center', sm: 'flex-start' }}>
            <SkeletonCircle size="20" />
            <Stack gap="3" flex="1" width="full">
              <Skeleton height="8" width="60%" />
              <Skeleton height="4" width="40%" />
              <HStack gap="2">
                <Skeleton height="5" width="16" />
                <Skeleton height="5" width="16" />
              </HStack>
            </Stack>
          </Flex>
          <Grid templateColumns={{ base: '1fr', sm: 'repeat(3, 1fr)' }} gap="3">
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} height="16" rounded="xl" />
            ))}
          </Grid>
          <SkeletonText noOfLines={3} />
        </Card.Body>
      </GlassCard>
      <CreatorPanelsSkeleton />
    </Stack>
  );
}

/** The calendar and hours panels while they load (the header may already be shown). */
export function CreatorPanelsSkeleton() {
  return (
    <Grid
      templateColumns={{ base: '1fr', lg: '22rem 1fr' }}
      gap="6"
      role="status"
      aria-busy="true"
      aria-label="Loading free hours"
    >
      <Skeleton height="80" rounded="2xl" />
      <Skeleton height="80" rounded="2xl" />
    </Grid>
  );
}
