import { HStack, Icon, Text } from '@chakra-ui/react';
import { LuStar } from 'react-icons/lu';

interface Props {
  /** Average out of 5 (0 when there is none). */
  rating: number;
  /** Shown beside the average, e.g. the booking count. */
  countLabel?: string;
  size?: 'sm' | 'md';
}

const STARS = [1, 2, 3, 4, 5];

/** Five stars filled to the rounded rating, the average with one decimal, and an optional count. */
export function StarRating({ rating, countLabel, size = 'md' }: Props) {
  const rounded = Math.round(rating);
  const average = rating > 0 ? rating.toFixed(1) : null;
  const label = average ? `Rated ${average} out of 5` : 'No ratings yet';
  return (
    <HStack gap="1.5" flexWrap="wrap">
      <HStack gap="0.5" role="img" aria-label={label}>
        {STARS.map((star) => (
          <Icon
            key={star}
            as={LuStar}
            boxSize={size === 'sm' ? '3.5' : '4'}
            color={star <= rounded ? 'yellow.500' : 'fg.subtle'}
            fill={star <= rounded ? 'currentColor' : 'none'}
            aria-hidden
          />
        ))}
      </HStack>
      <Text textStyle={size === 'sm' ? 'xs' : 'sm'} fontWeight="semibold" aria-hidden>
        {average ?? 'No ratings yet'}
      </Text>
      {countLabel && (
        <Text textStyle={size === 'sm' ? 'xs' : 'sm'} color="fg.muted">
          ({countLabel})
        </Text>
      )}
    </HStack>
  );
}
