import { Card, HStack, Skeleton, SkeletonCircle, SkeletonText, Stack } from '@chakra-ui/react';
import { GlassCard } from '../../../shared/components/content/GlassCard';

/** Placeholder of a creator card while the listing loads. */
export function CreatorCardSkeleton() {
  return (
    <GlassCard height="full" aria-hidden="true" data-testid="creator-card-skeleton">
      <Card.Body gap="4" p={{ base: '4', md: '5' }}>
        <HStack gap="3">
          <SkeletonCircle size="12" />
          <Stack gap="2" flex="1">
            <Skeleton height="4" width="60%" />
            <Skeleton height="3" width="30%" />
          </Stack>
        </HStack>
        <HStack gap="2">
          <Skeleton height="5" width="20" rounded="full" />
          <Skeleton height="5" width="14" rounded="full" />
        </HStack>
        <SkeletonText noOfLines={2} />
        <HStack justify="space-between">
          <Skeleton height="6" width="24" />
          <Skeleton height="8" width="32" rounded="md" />
        </HStack>
      </Card.Body>
    </GlassCard>
  );
}
