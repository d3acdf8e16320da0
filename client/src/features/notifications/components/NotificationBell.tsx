import { Popover, Portal } from '@chakra-ui/react';
import { useState } from 'react';
import { useUnreadNotifications } from '../hooks/useUnreadNotifications';
import { BellButton } from './BellButton';
import { NotificationPanel } from './NotificationPanel';

/** The navigation bar's bell: the live unread count, and the panel of notifications on click. */
export function NotificationBell() {
  const unread = useUnreadNotifications();
  const [open, setOpen] = useState(false);
  return (
    <Popover.Root
      open={open}
      onOpenChange={(details) => setOpen(details.open)}
      positioning={{ placement: 'bottom-end', gutter: 8 }}
      lazyMount
      unmountOnExit
    >
      <Popover.Trigger asChild>
        <BellButton unread={unread} />
      </Popover.Trigger>
      <Portal>
        <Popover.Positioner>
          <Popover.Content w="min(24rem, calc(100vw - 1.5rem))" rounded="xl" aria-label="Notifications">
            <NotificationPanel unread={unread} onNavigate={() => setOpen(false)} />
          </Popover.Content>
        </Popover.Positioner>
      </Portal>
    </Popover.Root>
  );
}
