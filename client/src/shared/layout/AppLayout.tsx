import { Box, Flex, SkipNavContent, SkipNavLink } from '@chakra-ui/react';
import { Suspense } from 'react';
import { Outlet, ScrollRestoration } from 'react-router-dom';
import { PageSpinner } from '../components/PageSpinner';
import { DecorativeBackground } from './DecorativeBackground';
import { Footer } from './Footer';
import { Navbar } from './Navbar';

/** Shared page frame: decorative background, navbar, the routed page, footer. */
export function AppLayout() {
  return (
    <Flex direction="column" minH="100dvh" position="relative" isolation="isolate">
      <SkipNavLink>Skip to content</SkipNavLink>
      <DecorativeBackground />
      <Navbar />
      <SkipNavContent />
      <Box as="main" flex="1" width="full">
        <Suspense fallback={<PageSpinner />}>
          <Outlet />
        </Suspense>
      </Box>
      <Footer />
      <ScrollRestoration />
    </Flex>
  );
}
