import { Button, Center, Heading, HStack, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import { PageContainer } from '../../../shared/components/content/PageContainer';
import { useDocumentTitle } from '../../../shared/hooks/useDocumentTitle';
import { CreatorCard } from '../../discover/components/CreatorCard';
import { CreatorCardSkeleton } from '../../discover/components/CreatorCardSkeleton';
import { CreatorSearchBar } from '../../discover/components/CreatorSearchBar';
import { CreatorSortSelect } from '../../discover/components/CreatorSortSelect';
import { NoCreatorsFound } from '../../discover/components/NoCreatorsFound';
import { useCreatorListing } from '../../discover/hooks/useCreatorListing';
import {
  DISCOVER_SKELETON_COUNT,
  searchFromParams,
  searchToParams,
  SORT_OPTIONS,
  type CreatorSearch,
} from '../../discover/lib/creator-search';

const GRID_COLUMNS = { base: 1, md: 2, xl: 3 } as const;

/** The marketplace's empty search: everyone, recommended first. */
const ALL_CREATORS: CreatorSearch = {
  text: '',
  platform: '',
  sort: SORT_OPTIONS[0].value,
  minPrice: '',
  maxPrice: '',
  freeOn: '',
};

/**
 * /creators — the public marketplace: anybody (no account needed) searches creators by text,
 * platform, price per hour and a day they are free on, and orders them (recommended, rating,
 * soonest free, price, bookings). The address holds the search, so it can be shared and the back
 * button returns to it.
 */
export function MarketplacePage() {
  useDocumentTitle('Find creators');
  const [params, setParams] = useSearchParams();
  const search = useMemo(() => searchFromParams(params), [params]);
  const { creators, totalCount, hasMore, loading, loadingMore, loadMore } = useCreatorListing(search);
  const apply = (next: CreatorSearch) => setParams(searchToParams(next));

  return (
    <PageContainer maxW="7xl" py={{ base: '6', md: '10' }}>
      <Stack gap="6">
        <Stack gap="1">
          <Heading as="h1" size={{ base: '2xl', md: '3xl' }} letterSpacing="tight">
            Find creators
          </Heading>
          <Text color="fg.muted">
            Streamers and creators on Twitch, YouTube, TikTok and Instagram: compare rates, ratings and their next free
            hours, then book their time.
          </Text>
        </Stack>

        <CreatorSearchBar value={search} onSearch={apply} searching={loading} empty={ALL_CREATORS} />

        <HStack justify="space-between" gap="3" wrap="wrap">
          <Text fontSize="sm" color="fg.muted" aria-live="polite">
            {loading ? 'Searching…' : totalCount === 1 ? '1 creator found' : `${totalCount} creators found`}
          </Text>
          <CreatorSortSelect
            value={search.sort ?? SORT_OPTIONS[0].value}
            onChange={(sort) => apply({ ...search, sort })}
          />
        </HStack>

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
            <SimpleGrid as="ul" listStyleType="none" columns={GRID_COLUMNS} gap="5" aria-label="Creators">
              {creators.map((creator) => (
                <li key={creator.id}>
                  <CreatorCard creator={creator} headingLevel="h2" />
                </li>
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
    </PageContainer>
  );
}
