import { HStack, Stack, Text } from '@chakra-ui/react';
import type { ReviewItem_ReviewFragment } from '../../../gql/graphql';
import { formatShortDate } from '../lib/local-dates';
import { StarRating } from './StarRating';

/** One review: stars, who wrote it and when, and the comment. */
export function ReviewItem({ review }: { review: ReviewItem_ReviewFragment }) {
  return (
    <Stack
      as="article"
      gap="1.5"
      py="4"
      borderBottomWidth="1px"
      borderColor="border.muted"
      _last={{ borderBottomWidth: 0 }}
    >
      <HStack justify="space-between" gap="3" flexWrap="wrap">
        <Text fontWeight="semibold">{review.reviewerName}</Text>
        <Text asChild textStyle="xs" color="fg.muted">
          <time dateTime={review.createdAt}>{formatShortDate(review.createdAt)}</time>
        </Text>
      </HStack>
      <StarRating rating={review.rating} size="sm" />
      {review.comment && (
        <Text textStyle="sm" color="fg.muted" whiteSpace="pre-line">
          {review.comment}
        </Text>
      )}
    </Stack>
  );
}
