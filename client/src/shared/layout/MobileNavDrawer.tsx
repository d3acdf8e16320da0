import { IconButton } from '@chakra-ui/react';
import { lazy, Suspense, useCallback, useId, useRef, useState } from 'react';
import { LuMenu } from 'react-icons/lu';

// The drawer (Zag's dialog machine, focus trap, scroll lock) is only needed once the menu is
// opened: it is not part of the first script. Pointing at or focusing the button fetches it early.
const loadPanel = () => import('./MobileNavPanel');
const MobileNavPanel = lazy(async () => ({ default: (await loadPanel()).MobileNavPanel }));
const preloadPanel = () => void loadPanel().catch(() => undefined);

/** Small screens: the navigation lives in a side drawer opened by a menu button. */
export function MobileNavDrawer() {
  const [open, setOpen] = useState(false);
  const [everOpened, setEverOpened] = useState(false);
  const trigger = useRef<HTMLButtonElement>(null);
  const contentId = useId();
  const finalFocusEl = useCallback(() => trigger.current, []);

  const openMenu = () => {
    setEverOpened(true);
    setOpen(true);
  };

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
        onClick={openMenu}
        onPointerEnter={preloadPanel}
        onFocus={preloadPanel}
      >
        <LuMenu />
      </IconButton>
      {everOpened && (
        <Suspense fallback={null}>
          <MobileNavPanel open={open} onOpenChange={setOpen} contentId={contentId} finalFocusEl={finalFocusEl} />
        </Suspense>
      )}
    </>
  );
}
