import { CloseButton, Drawer, IconButton, Portal, Separator, Stack } from '@chakra-ui/react';
import { useState } from 'react';
import { LuMenu } from 'react-icons/lu';
import { Logo } from '../components/Logo';
import { AuthNavActions } from './AuthNavActions';
import { MAIN_NAV } from './nav-links';
import { NavItemLink } from './NavItemLink';

/** Small screens: the navigation lives in a side drawer opened by a menu button. */
export function MobileNavDrawer() {
  const [open, setOpen] = useState(false);
  const close = () => setOpen(false);

  return (
    <Drawer.Root open={open} onOpenChange={(details) => setOpen(details.open)} placement="end" size="xs">
      <Drawer.Trigger asChild>
        <IconButton aria-label="Open navigation menu" variant="ghost" display={{ base: 'inline-flex', md: 'none' }}>
          <LuMenu />
        </IconButton>
      </Drawer.Trigger>
      <Portal>
        <Drawer.Backdrop />
        <Drawer.Positioner>
          <Drawer.Content>
            <Drawer.Header>
              <Drawer.Title srOnly>Navigation menu</Drawer.Title>
              <Logo onNavigate={close} />
            </Drawer.Header>
            <Drawer.Body>
              <Stack as="nav" aria-label="Main" gap="1">
                {MAIN_NAV.map((item) => (
                  <NavItemLink key={item.to} item={item} onNavigate={close} block />
                ))}
              </Stack>
              <Separator my="5" />
              <AuthNavActions onNavigate={close} direction="column" align="stretch" />
            </Drawer.Body>
            <Drawer.CloseTrigger asChild>
              <CloseButton size="sm" aria-label="Close navigation menu" />
            </Drawer.CloseTrigger>
          </Drawer.Content>
        </Drawer.Positioner>
      </Portal>
    </Drawer.Root>
  );
}
