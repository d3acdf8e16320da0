import { CloseButton, Drawer, Portal, Separator, Stack } from '@chakra-ui/react';
import { Logo } from '../components/Logo';
import { AuthNavActions } from './AuthNavActions';
import { MAIN_NAV } from './nav-links';
import { NavItemLink } from './NavItemLink';

interface Props {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The id its opener's `aria-controls` names. */
  contentId: string;
  /** Where focus goes back to when it closes: its opener. */
  finalFocusEl: () => HTMLElement | null;
}

/** The side drawer of the small-screen navigation (opened by `MobileNavDrawer`'s menu button). */
export function MobileNavPanel({ open, onOpenChange, contentId, finalFocusEl }: Props) {
  const close = () => onOpenChange(false);

  return (
    <Drawer.Root
      open={open}
      onOpenChange={(details) => onOpenChange(details.open)}
      placement="end"
      size="xs"
      ids={{ content: contentId }}
      finalFocusEl={finalFocusEl}
    >
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
