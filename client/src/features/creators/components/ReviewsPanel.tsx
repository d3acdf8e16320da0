import { Skeleton, Stack, Text } from '@chakra-ui/react';
import { LuMessageSquareQuote } from 'react-icons/lu';
import { useCreatorPageReviewsQuery } from '../../../gql/graphql';
import { PanelCard } from '../../../shared/components/content/PanelCard';
import { ReviewItem } from './ReviewItem';

/** Spec §9: reviews are fetched 10 at a time. */
const REVIEWS_SHOWN = 10;

/** The latest reviews of a creator; a failed load shows as no reviews (spec §8). */
export function ReviewsPanel({ creatorId }: { creatorId: string }) {
  const { data, loading } = useCreatorPageReviewsQuery({ variables: { creatorId }, errorPolicy: 'all' });
  const reviews = data?.reviews.edges.map((edge) => edge.node) ?? [];

  return (
    <PanelCard title="Reviews" icon={LuMessageSquareQuote}>
      {loading && !data ? (
        <Stack gap="3" role="status" aria-busy="true" aria-label="Loading reviews">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} height="16" rounded="lg" />
          ))}
        </Stack>
      ) : reviews.length === 0 ? (
        <Text color="fg.muted">No reviews yet.</Text>
      ) : (
        <Stack gap="0">
          {reviews.map((review) => (
            <ReviewItem key={review.id} review={review} />
          ))}
          {reviews.length === REVIEWS_SHOWN && (
            <Text textStyle="xs" color="fg.muted" pt="3" textAlign="center">
              Showing latest 10 reviews
            </Text>
          )}
        </Stack>
      )}
    </PanelCard>
  );
}
