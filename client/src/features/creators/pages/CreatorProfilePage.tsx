import { useFragment } from '@apollo/client';
import { Card, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { LuArrowLeft } from 'react-icons/lu';
import { useParams } from 'react-router-dom';
import { useSeededFetchPolicy } from '../../../app/initial-queries';
import { CreatorHeader_CreatorFragmentDoc, useCreatorPageQuery } from '../../../gql/graphql';
import { GlassCard } from '../../../shared/components/content/GlassCard';
import { NotFoundCard } from '../../../shared/components/content/NotFoundCard';
import { PageContainer } from '../../../shared/components/content/PageContainer';
import { RouterLink } from '../../../shared/components/RouterLink';
import { useDocumentTitle } from '../../../shared/hooks/useDocumentTitle';
import { errorCode } from '../../../shared/lib/error-message';
import { useAuth } from '../../auth/hooks/useAuth';
import { MessageCreatorButton } from '../../conversations/components/MessageCreatorButton';
import { CreatorBookingPanel } from '../components/CreatorBookingPanel';
import { CreatorHandles } from '../components/CreatorHandles';
import { PackagesPanel } from '../../packages/components/PackagesPanel';
import { CreatorHeader } from '../components/CreatorHeader';
import { ReviewsPanel } from '../components/ReviewsPanel';
import { CreatorPanelsSkeleton, CreatorProfileSkeleton } from '../components/CreatorProfileSkeleton';
import { creatorPageSlotWindow } from '../lib/slot-window';

/** An id that is not a listed creator (unknown, a brand, suspended, malformed). */
const NOT_FOUND_CODES = new Set(['NOT_FOUND', 'BAD_USER_INPUT']);

export const UNKNOWN_CREATOR_MESSAGE = 'This creator does not exist or is no longer listed';

/** What an unknown creator link shows, to visitors and signed-in users alike: the fact, and a way on. */
function UnknownCreator() {
  useDocumentTitle('Creator not found');
  return <NotFoundCard message={UNKNOWN_CREATOR_MESSAGE} detail="The link may be old, or the creator may have closed their page." />;
}

/**
 * /streamer/:id — a creator's public page: profile and channels, calendar, hours, price, Book,
 * reviews. No sign-in needed. ONE query brings the profile, the hours of the month the calendar
 * opens on and the reviews; the server writes its answer into the HTML (no query before they paint).
 */
export function CreatorProfilePage() {
  const { id = '' } = useParams();
  const { user } = useAuth();
  const [slotWindow] = useState(() => creatorPageSlotWindow(new Date()));
  // The hours are live data: a page opened again shows the cached answer at once and asks again; only
  // the answer the server wrote into this very page's HTML is read alone.
  const variables = { id, ...slotWindow };
  const fetchPolicy = useSeededFetchPolicy('CreatorPage', variables);
  const { data, loading, error } = useCreatorPageQuery({ variables, fetchPolicy });
  const creator = data?.creator;
  // Opened from a card (Discover, a listing): the header is already in the cache, shown at once.
  const cached = useFragment({
    fragment: CreatorHeader_CreatorFragmentDoc,
    fragmentName: 'CreatorHeader_creator',
    from: { __typename: 'Profile', id },
  });
  const cachedHeader = cached.complete ? cached.data : null;
  const unknown = error && NOT_FOUND_CODES.has(errorCode(error) ?? '');
  useDocumentTitle(
    unknown ? 'Creator not found' : (creator?.displayName ?? cachedHeader?.displayName ?? 'Creator profile'),
  );

  return (
    <PageContainer py={{ base: '6', md: '10' }}>
      <Stack gap="6">
        <RouterLink
          to={user ? '/dashboard?tab=discover' : '/creators'}
          alignSelf="flex-start"
          display="inline-flex"
          alignItems="center"
          gap="1.5"
          fontWeight="medium"
        >
          <LuArrowLeft aria-hidden />
          {user ? 'Back to Discover' : 'All creators'}
        </RouterLink>
        {unknown ? (
          <UnknownCreator />
        ) : creator && data ? (
          <>
            <CreatorHeader
              creator={creator}
              action={<MessageCreatorButton creator={creator} />}
              channels={<CreatorHandles creator={creator} />}
            />
            <CreatorBookingPanel creator={creator} preloaded={{ window: slotWindow, slots: data.availabilitySlots }} />
            <PackagesPanel creator={creator} />
            <ReviewsPanel creatorId={creator.id} />
          </>
        ) : loading && cachedHeader ? (
          <>
            <CreatorHeader creator={cachedHeader} />
            <CreatorPanelsSkeleton />
          </>
        ) : loading ? (
          <CreatorProfileSkeleton />
        ) : (
          <GlassCard role="alert">
            <Card.Body>
              <Text color="fg.error" textAlign="center">
                Failed to load streamer profile
              </Text>
            </Card.Body>
          </GlassCard>
        )}
      </Stack>
    </PageContainer>
  );
}
