import { IconButton } from '@chakra-ui/react';
import { useCallback, useId, useRef, useState } from 'react';
import { LuMenu } from 'react-icons/lu';
import { dialogOnDemand } from '../components/dialog-on-demand';

// The drawer (Zag's dialog machine, focus trap, scroll lock) is only needed once the menu is
// opened: it is not part of the first script. Pointing at or focusing the button fetches it early.
const MobileNavPanel = dialogOnDemand(async () => (await import('./MobileNavPanel')).MobileNavPanel);

/** Small screens: the navigation lives in a side drawer opened by a menu button. */
export function MobileNavDrawer() {
  const [open, setOpen] = useState(false);
  const trigger = useRef<HTMLButtonElement>(null);
  const contentId = useId();
  const finalFocusEl = useCallback(() => trigger.current, []);

  return (
    <>
      <IconButton
        ref={trigger}
        aria-label="Open navigation menu"
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-controls={contentId}
        data-state={open ? 'open' : 'closed'}
        variant="ghost"
        display={{ base: 'inline-flex', md: 'none' }}
        onClick={() => setOpen(true)}
        onPointerEnter={MobileNavPanel.preload}
        onFocus={MobileNavPanel.preload}
      >
        <LuMenu />
      </IconButton>
      <MobileNavPanel open={open} onOpenChange={setOpen} contentId={contentId} finalFocusEl={finalFocusEl} />
    </>
  );
}
