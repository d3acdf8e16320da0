import { Box, Container, HStack } from '@chakra-ui/react';
import { NavNotificationBell } from '../../features/notifications/components/NavNotificationBell';
import { Logo } from '../components/Logo';
import { AuthNavActions } from './AuthNavActions';
import { MobileNavDrawer } from './MobileNavDrawer';
import { MAIN_NAV } from './nav-links';
import { NavItemLink } from './NavItemLink';

/** Sticky top bar: brand, main links and session actions; a drawer on small screens. */
export function Navbar() {
  return (
    <Box
      as="header"
      position="sticky"
      top="0"
      zIndex="sticky"
      bg="surface.glass"
      backdropFilter="saturate(180%) blur(14px)"
      borderBottomWidth="1px"
      borderColor="border.muted"
    >
      <Container maxW="7xl" py="3">
        <HStack justify="space-between" gap="4">
          <Logo />
          <HStack as="nav" aria-label="Main" gap="1" display={{ base: 'none', md: 'flex' }}>
            {MAIN_NAV.map((item) => (
              <NavItemLink key={item.to} item={item} />
            ))}
          </HStack>
          <HStack gap="1">
            <NavNotificationBell />
            <AuthNavActions direction="row" display={{ base: 'none', md: 'flex' }} />
            <MobileNavDrawer />
          </HStack>
        </HStack>
      </Container>
    </Box>
  );
}
