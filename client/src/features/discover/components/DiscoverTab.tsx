import { Button, Center, Heading, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useCreatorListing } from '../hooks/useCreatorListing';
import { DISCOVER_SKELETON_COUNT, EMPTY_SEARCH, type CreatorSearch } from '../lib/creator-search';
import { CreatorCard } from './CreatorCard';
import { CreatorCardSkeleton } from './CreatorCardSkeleton';
import { CreatorSearchBar } from './CreatorSearchBar';
import { NoCreatorsFound } from './NoCreatorsFound';

const GRID_COLUMNS = { base: 1, md: 2, xl: 3 } as const;

/** Dashboard → Discover: search bar, then skeletons, the creator grid or the empty state. */
export function DiscoverTab() {
  const [search, setSearch] = useState<CreatorSearch>(EMPTY_SEARCH);
  const { creators, totalCount, hasMore, loading, loadingMore, loadMore } = useCreatorListing(search);

  return (
    <Stack gap="6">
      <Stack gap="1">
        <Heading as="h2" size="xl">
          Discover Creators
        </Heading>
        <Text color="fg.muted">Find streamers and creators to collaborate with, then book their time.</Text>
      </Stack>

      <CreatorSearchBar value={search} onSearch={setSearch} searching={loading} />

      {loading ? (
        <SimpleGrid columns={GRID_COLUMNS} gap="5" role="status" aria-busy="true" aria-label="Loading creators">
          {Array.from({ length: DISCOVER_SKELETON_COUNT }, (_, index) => (
            <CreatorCardSkeleton key={index} />
          ))}
        </SimpleGrid>
      ) : creators.length === 0 ? (
        <NoCreatorsFound />
      ) : (
        <Stack gap="5">
          <Text fontSize="sm" color="fg.muted" aria-live="polite">
            {totalCount === 1 ? '1 creator found' : `${totalCount} creators found`}
          </Text>
          <SimpleGrid columns={GRID_COLUMNS} gap="5">
            {creators.map((creator) => (
              <CreatorCard key={creator.id} creator={creator} />
            ))}
          </SimpleGrid>
          {hasMore && (
            <Center>
              <Button variant="outline" onClick={loadMore} loading={loadingMore} loadingText="Loading...">
                Load more
              </Button>
            </Center>
          )}
        </Stack>
      )}
    </Stack>
  );
}
