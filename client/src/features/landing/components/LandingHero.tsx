import { Badge, Button, Heading, HStack, Icon, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { LuArrowRight, LuCheck } from 'react-icons/lu';
import { Link } from 'react-router-dom';
import { GradientText } from '../../../shared/components/GradientText';
import { BRAND } from '../../../shared/brand';
import { LandingSearch } from './LandingSearch';
import { SampleCreatorCard } from './SampleCreatorCard';

const PROMISES = ['Free to join', 'Pay by the hour', 'Payments held until confirmed'];

/** Tagline, pitch, the search that leads to the marketplace, and the two entry points to /auth. */
export function LandingHero() {
  return (
    <SimpleGrid columns={{ base: 1, lg: 2 }} gap={{ base: '14', lg: '10' }} alignItems="center">
      <Stack gap="6" align={{ base: 'center', lg: 'flex-start' }} textAlign={{ base: 'center', lg: 'start' }}>
        <Badge size="lg" variant="subtle" rounded="full" px="3">
          {BRAND.tagline}
        </Badge>
        <Heading as="h1" size={{ base: '4xl', md: '6xl' }} letterSpacing="tight" lineHeight="1.05">
          Book creators by the hour. <GradientText>Grow together.</GradientText>
        </Heading>
        <Text fontSize={{ base: 'lg', md: 'xl' }} color="fg.muted" maxW="xl">
          {BRAND.name} is the marketplace where streamers and content creators sell collaboration time, and brands book
          it in a few clicks — with secure payments and reviews you can trust.
        </Text>
        <LandingSearch />
        <Stack direction={{ base: 'column', sm: 'row' }} gap="3" width={{ base: 'full', sm: 'auto' }}>
          <Button
            asChild
            size="xl"
            bgGradient="to-r"
            gradientFrom="brand.solid"
            gradientTo="accent.solid"
            color="white"
          >
            <Link to="/auth?mode=join">
              Get Started
              <LuArrowRight aria-hidden />
            </Link>
          </Button>
          <Button asChild size="xl" variant="outline" bg="surface.glass">
            <Link to="/auth">Sign In</Link>
          </Button>
        </Stack>
        <HStack
          as="ul"
          listStyleType="none"
          gap={{ base: '3', md: '5' }}
          wrap="wrap"
          justify={{ base: 'center', lg: 'flex-start' }}
        >
          {PROMISES.map((promise) => (
            <HStack as="li" key={promise} gap="1.5" fontSize="sm" color="fg.muted">
              <Icon as={LuCheck} color="green.500" aria-hidden />
              {promise}
            </HStack>
          ))}
        </HStack>
      </Stack>
      <SampleCreatorCard />
    </SimpleGrid>
  );
}
