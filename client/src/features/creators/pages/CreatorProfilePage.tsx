import { useFragment } from '@apollo/client';
import { Card, Stack, Text } from '@chakra-ui/react';
import { LuArrowLeft } from 'react-icons/lu';
import { Navigate, useParams } from 'react-router-dom';
import { CreatorHeader_CreatorFragmentDoc, useCreatorPageQuery } from '../../../gql/graphql';
import { GlassCard } from '../../../shared/components/content/GlassCard';
import { PageContainer } from '../../../shared/components/content/PageContainer';
import { RouterLink } from '../../../shared/components/RouterLink';
import { useDocumentTitle } from '../../../shared/hooks/useDocumentTitle';
import { errorCode } from '../../../shared/lib/error-message';
import { useAuth } from '../../auth/hooks/useAuth';
import { MessageCreatorButton } from '../../conversations/components/MessageCreatorButton';
import { CreatorBookingPanel } from '../components/CreatorBookingPanel';
import { CreatorHeader } from '../components/CreatorHeader';
import { ReviewsPanel } from '../components/ReviewsPanel';
import { CreatorPanelsSkeleton, CreatorProfileSkeleton } from '../components/CreatorProfileSkeleton';

/** An id that is not a creator (unknown, a brand, suspended, malformed): spec §2 redirects. */
const NOT_FOUND_CODES = new Set(['NOT_FOUND', 'BAD_USER_INPUT']);

/** /streamer/:id — a creator's public page: profile, calendar, hours, price, Book, reviews. No sign-in needed. */
export function CreatorProfilePage() {
  const { id = '' } = useParams();
  const { user } = useAuth();
  const { data, loading, error } = useCreatorPageQuery({ variables: { id } });
  const creator = data?.creator;
  // Opened from a card (Discover, a listing): the header is already in the cache, shown at once.
  const cached = useFragment({
    fragment: CreatorHeader_CreatorFragmentDoc,
    fragmentName: 'CreatorHeader_creator',
    from: { __typename: 'Profile', id },
  });
  const cachedHeader = cached.complete ? cached.data : null;
  useDocumentTitle(creator?.displayName ?? cachedHeader?.displayName ?? 'Creator profile');

  if (error && NOT_FOUND_CODES.has(errorCode(error) ?? '')) return <Navigate to="/dashboard" replace />;

  return (
    <PageContainer py={{ base: '6', md: '10' }}>
      <Stack gap="6">
        <RouterLink
          to={user ? '/dashboard?tab=discover' : '/'}
          alignSelf="flex-start"
          display="inline-flex"
          alignItems="center"
          gap="1.5"
          fontWeight="medium"
        >
          <LuArrowLeft aria-hidden />
          {user ? 'Back to Discover' : 'Back to home'}
        </RouterLink>
        {creator ? (
          <>
            <CreatorHeader creator={creator} action={<MessageCreatorButton creator={creator} />} />
            <CreatorBookingPanel creator={creator} />
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
