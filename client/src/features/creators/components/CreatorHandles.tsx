import { Badge, HStack, Link } from '@chakra-ui/react';
import { LuExternalLink } from 'react-icons/lu';
import type { Platform } from '../../../gql/graphql';
import {
  handleLabel,
  platformInfo,
  platformUrl,
  sortPlatforms,
  type PlatformHandleField,
} from '../../../shared/lib/platforms';

type Handles = { platforms: readonly Platform[] } & { [K in PlatformHandleField]?: string | null };

/**
 * The creator's channels, each linked to its page on the platform (opened in a new tab, no referrer
 * power over us, no endorsement for search engines), so a brand can check the channel it pays for.
 */
export function CreatorHandles({ creator }: { creator: Handles }) {
  const linked = sortPlatforms(creator.platforms)
    .map((platform) => ({
      platform,
      info: platformInfo(platform),
      handle: creator[platformInfo(platform).handleField],
    }))
    .filter((x): x is typeof x & { handle: string } => Boolean(x.handle?.trim()));
  if (linked.length === 0) return null;
  return (
    <HStack
      as="ul"
      gap="2"
      wrap="wrap"
      listStyleType="none"
      aria-label="Channels"
      justify={{ base: 'center', sm: 'flex-start' }}
    >
      {linked.map(({ platform, info, handle }) => (
        <li key={platform}>
          <Badge asChild size="md" colorPalette={info.palette} variant="subtle" maxW="full">
            <Link
              href={platformUrl(platform, handle)}
              target="_blank"
              rel="noopener nofollow"
              aria-label={`${info.label}: ${handleLabel(platform, handle)} (opens in a new tab)`}
              textDecoration="none"
              _hover={{ textDecoration: 'underline' }}
              wordBreak="break-all"
            >
              {info.label} · {handleLabel(platform, handle)}
              <LuExternalLink aria-hidden />
            </Link>
          </Badge>
        </li>
      ))}
    </HStack>
  );
}
