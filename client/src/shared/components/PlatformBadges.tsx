import { Badge, HStack, type StackProps } from '@chakra-ui/react';
import type { Platform } from '../../gql/graphql';
import { platformInfo, sortPlatforms } from '../lib/platforms';

interface Props extends StackProps {
  platforms: readonly Platform[];
  size?: 'xs' | 'sm' | 'md';
}

/** One coloured badge per platform (twitch, youtube, tiktok, instagram), in the spec's order. */
export function PlatformBadges({ platforms, size = 'sm', ...rest }: Props) {
  if (platforms.length === 0) return null;
  return (
    <HStack as="ul" gap="1.5" wrap="wrap" listStyleType="none" aria-label="Platforms" {...rest}>
      {sortPlatforms(platforms).map((value) => {
        const info = platformInfo(value);
        return (
          <Badge as="li" key={value} size={size} colorPalette={info.palette} variant="subtle">
            {info.name}
          </Badge>
        );
      })}
    </HStack>
  );
}
