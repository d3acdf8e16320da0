import { Box, Flex, Stack, Text } from '@chakra-ui/react';
import { LuArrowRight } from 'react-icons/lu';
import type { BrandBlock_BrandFragment } from '../../../gql/graphql';
import { ProfileAvatar } from '../../../shared/components/ProfileAvatar';
import { RouterLink } from '../../../shared/components/RouterLink';
import { StarRating } from '../../creators/components/StarRating';

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** The path of a brand's public page. */
export const brandPath = (id: string) => `/brand/${id}`;

/** Where a brand's rating is written: stars, and how many creators' reviews it comes from. */
export function BrandRating({ brand, size = 'sm' }: { brand: Pick<BrandBlock_BrandFragment, 'averageRating' | 'reviewCount'>; size?: 'sm' | 'md' }) {
  return (
    <StarRating
      rating={brand.averageRating}
      size={size}
      countLabel={brand.reviewCount > 0 ? `${plural(brand.reviewCount, 'review')} by creators` : undefined}
    />
  );
}

/** The link to a brand's page; its accessible name names the brand (a list holds several). */
export function ViewBrandLink({ brand }: { brand: Pick<BrandBlock_BrandFragment, 'id' | 'displayName'> }) {
  return (
    <RouterLink
      to={brandPath(brand.id)}
      aria-label={`View brand ${brand.displayName}`}
      display="inline-flex"
      alignItems="center"
      gap="1"
      textStyle="sm"
      fontWeight="medium"
      whiteSpace="nowrap"
    >
      View brand
      <LuArrowRight aria-hidden />
    </RouterLink>
  );
}

/**
 * Who is booking, as a creator sees it on a request: the brand's logo, name, rating, the first
 * lines of its about text and a link to its page.
 */
export function BrandBlock({ brand, label = 'About the brand' }: { brand: BrandBlock_BrandFragment; label?: string }) {
  return (
    <Box
      as="section"
      aria-label={`${label}: ${brand.displayName}`}
      data-testid="brand-block"
      p="3"
      rounded="lg"
      borderWidth="1px"
      borderColor="border.muted"
      bg="bg.subtle"
    >
      <Flex gap="3" align="flex-start">
        <ProfileAvatar name={brand.displayName} src={brand.avatarUrl} size="md" decorative />
        <Stack gap="1" minW="0" flex="1">
          <Flex gap="2" align="baseline" justify="space-between" wrap="wrap">
            <Text fontWeight="semibold" wordBreak="break-word">
              {brand.displayName}
            </Text>
            <ViewBrandLink brand={brand} />
          </Flex>
          <BrandRating brand={brand} />
          <Text textStyle="sm" color={brand.about ? 'fg' : 'fg.muted'} lineClamp={2} wordBreak="break-word">
            {brand.about ?? 'This brand has not written about itself yet.'}
          </Text>
        </Stack>
      </Flex>
    </Box>
  );
}

/** The brand in a conversation header, under its name: rating, one line of its about text, and its page. */
export function BrandHeaderLine({ brand }: { brand: BrandBlock_BrandFragment }) {
  return (
    <Stack gap="0.5" mt="1" data-testid="brand-header-line">
      <Flex gap="3" align="center" wrap="wrap">
        <BrandRating brand={brand} />
        <ViewBrandLink brand={brand} />
      </Flex>
      {brand.about && (
        <Text textStyle="xs" color="fg.muted" lineClamp={1} wordBreak="break-word">
          {brand.about}
        </Text>
      )}
    </Stack>
  );
}
