import { Box, HStack, Icon, Text } from '@chakra-ui/react';
import { LuStar, LuStarHalf } from 'react-icons/lu';

interface Props {
  /** Average out of 5 (0 when there is none). */
  rating: number;
  /** Shown beside the average, e.g. the booking count. */
  countLabel?: string;
  size?: 'sm' | 'md';
}

const STARS = [1, 2, 3, 4, 5];

/** Five stars filled to the nearest half, the average with one decimal, and an optional count. */
export function StarRating({ rating, countLabel, size = 'md' }: Props) {
  const halves = Math.round(rating * 2) / 2;
  const average = rating > 0 ? rating.toFixed(1) : null;
  const boxSize = size === 'sm' ? '3.5' : '4';
  return (
    <HStack gap="1.5" flexWrap="wrap">
      <HStack gap="0.5" role="img" aria-label={average ? `Rated ${average} out of 5` : 'No ratings yet'}>
        {STARS.map((star) => (
          <Box key={star} position="relative" boxSize={boxSize} color="yellow.500" aria-hidden>
            <Icon
              as={LuStar}
              boxSize={boxSize}
              position="absolute"
              inset="0"
              color={star <= halves ? 'yellow.500' : 'fg.subtle'}
              fill={star <= halves ? 'currentColor' : 'none'}
            />
            {star - 0.5 === halves && (
              <Icon as={LuStarHalf} boxSize={boxSize} position="absolute" inset="0" fill="currentColor" />
            )}
          </Box>
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
