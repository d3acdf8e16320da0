import { Card, Flex, Heading, HStack, Icon, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import type { IconType } from 'react-icons';
import { LuArrowLeft, LuCalendarCheck, LuMessageSquareQuote, LuSparkles } from 'react-icons/lu';
import { useParams } from 'react-router-dom';
import { useBrandPageQuery } from '../../../gql/graphql';
import { GlassCard } from '../../../shared/components/content/GlassCard';
import { NotFoundCard } from '../../../shared/components/content/NotFoundCard';
import { PageContainer } from '../../../shared/components/content/PageContainer';
import { ProfileAvatar } from '../../../shared/components/ProfileAvatar';
import { RouterLink } from '../../../shared/components/RouterLink';
import { useDocumentTitle } from '../../../shared/hooks/useDocumentTitle';
import { errorCode } from '../../../shared/lib/error-message';
import { useAuth } from '../../auth/hooks/useAuth';
import { BrandRating } from '../components/BrandBlock';

export const UNKNOWN_BRAND_MESSAGE = 'This brand does not exist or is no longer on CollabHub';

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** "March 2024": when the brand joined. */
const memberSince = (iso: string) => new Date(iso).toLocaleDateString('en-US', { month: 'long', year: 'numeric' });

function Stat({ icon, label, value }: { icon: IconType; label: string; value: string }) {
  return (
    <HStack gap="3" p="3" rounded="xl" bg="colorPalette.subtle" borderWidth="1px" borderColor="colorPalette.muted">
      <Icon as={icon} boxSize="5" color="colorPalette.fg" aria-hidden />
      <Stack gap="0">
        <Text textStyle="xs" color="fg.muted">
          {label}
        </Text>
        <Text fontWeight="semibold">{value}</Text>
      </Stack>
    </HStack>
  );
}

/** What an unknown brand link shows, signed in or not: the fact, and a way on. */
function UnknownBrand() {
  return <NotFoundCard message={UNKNOWN_BRAND_MESSAGE} detail="The link may be old, or the brand may have closed its account." />;
}

/**
 * /brand/:id — a brand's public page, as creators see it before they accept a request: logo, name,
 * rating from creators' reviews, completed bookings, member since, about. No sign-in needed.
 */
export function BrandPage() {
  const { id = '' } = useParams();
  const { user } = useAuth();
  const { data, loading, error } = useBrandPageQuery({ variables: { id } });
  const brand = data?.brand;
  const unknown = error && ['NOT_FOUND', 'BAD_USER_INPUT'].includes(errorCode(error) ?? '');
  useDocumentTitle(unknown ? 'Brand not found' : (brand?.displayName ?? 'Brand'));

  return (
    <PageContainer py={{ base: '6', md: '10' }}>
      <Stack gap="6">
        <RouterLink
          to={user ? '/dashboard' : '/creators'}
          alignSelf="flex-start"
          display="inline-flex"
          alignItems="center"
          gap="1.5"
          fontWeight="medium"
        >
          <LuArrowLeft aria-hidden />
          {user ? 'Back to dashboard' : 'All creators'}
        </RouterLink>
        {unknown ? (
          <UnknownBrand />
        ) : brand ? (
          <GlassCard as="article" aria-labelledby="brand-name">
            <Card.Body gap="5" p={{ base: '5', md: '8' }}>
              <Flex
                gap={{ base: '4', md: '6' }}
                direction={{ base: 'column', sm: 'row' }}
                align={{ base: 'center', sm: 'flex-start' }}
              >
                <ProfileAvatar name={brand.displayName} src={brand.avatarUrl} size="2xl" decorative />
                <Stack
                  gap="2"
                  flex="1"
                  minW="0"
                  align={{ base: 'center', sm: 'flex-start' }}
                  textAlign={{ base: 'center', sm: 'start' }}
                >
                  <Text textStyle="xs" color="fg.muted" textTransform="uppercase" letterSpacing="wide">
                    Brand
                  </Text>
                  <Heading as="h1" id="brand-name" size={{ base: '2xl', md: '3xl' }} letterSpacing="tight" wordBreak="break-word">
                    {brand.displayName}
                  </Heading>
                  <BrandRating brand={brand} size="md" />
                </Stack>
              </Flex>
              <SimpleGrid columns={{ base: 1, sm: 3 }} gap="3">
                <Stat icon={LuCalendarCheck} label="Completed bookings" value={String(brand.completedBookings)} />
                <Stat icon={LuMessageSquareQuote} label="Reviews by creators" value={plural(brand.reviewCount, 'review')} />
                <Stat icon={LuSparkles} label="Member since" value={memberSince(brand.memberSince)} />
              </SimpleGrid>
              <Stack gap="1">
                <Heading as="h2" size="md">
                  About
                </Heading>
                <Text color={brand.about ? 'fg' : 'fg.muted'} whiteSpace="pre-line" wordBreak="break-word">
                  {brand.about ?? 'This brand has not written about itself yet.'}
                </Text>
              </Stack>
            </Card.Body>
          </GlassCard>
        ) : loading ? (
          <GlassCard role="status">
            <Card.Body>
              <Text color="fg.muted" textAlign="center">
                Loading the brand…
              </Text>
            </Card.Body>
          </GlassCard>
        ) : (
          <GlassCard role="alert">
            <Card.Body>
              <Text color="fg.error" textAlign="center">
                Failed to load the brand
              </Text>
            </Card.Body>
          </GlassCard>
        )}
      </Stack>
    </PageContainer>
  );
}
