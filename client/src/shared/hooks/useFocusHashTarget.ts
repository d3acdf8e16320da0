import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';

/**
 * A link ending in `#<id>` (e.g. `/dashboard?tab=availability#payouts`) brings the element with
 * that id into view and moves the focus to it once it is on the page, as a browser does for a
 * plain page but not for one the app renders after the link was followed. The element carries
 * `tabIndex={-1}` to take the focus.
 */
export function useFocusHashTarget(id: string) {
  const { hash, key } = useLocation();
  useEffect(() => {
    if (hash !== `#${id}`) return;
    const target = document.getElementById(id);
    if (!target) return;
    target.scrollIntoView({ block: 'start' });
    target.focus({ preventScroll: true });
  }, [hash, key, id]);
}
