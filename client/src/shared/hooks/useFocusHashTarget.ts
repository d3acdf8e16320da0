import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';

/** What the viewer does to move the page themselves (then the page is theirs to scroll). */
const VIEWER_MOVES = ['wheel', 'touchstart', 'keydown', 'pointerdown'] as const;
/** How long the target is held in view while the page above it is still filling in. */
const SETTLE_MS = 5000;

/**
 * A link ending in `#<id>` (e.g. `/dashboard?tab=availability#payouts`) brings the element with
 * that id into view and moves the focus to it once it is on the page, as a browser does for a
 * plain page but not for one the app renders after the link was followed. Cards above it that are
 * still loading grow and would push it away: it is brought back each time the page changes size,
 * until the viewer scrolls, taps or types (or the page has settled). The element carries
 * `tabIndex={-1}` to take the focus.
 */
export function useFocusHashTarget(id: string) {
  const { hash, key } = useLocation();
  useEffect(() => {
    if (hash !== `#${id}`) return;
    const target = document.getElementById(id);
    if (!target) return;
    const bring = () => {
      target.scrollIntoView({ block: 'start' });
      // The page the link was on leaves after this runs; the focus it held falls to the body.
      if (!target.contains(document.activeElement)) target.focus({ preventScroll: true });
    };
    bring();
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(bring);
    observer?.observe(document.body);
    const lost = (event: FocusEvent) => {
      if (event.relatedTarget === null) requestAnimationFrame(bring);
    };
    target.addEventListener('focusout', lost);
    const stop = () => {
      observer?.disconnect();
      target.removeEventListener('focusout', lost);
    };
    VIEWER_MOVES.forEach((name) => window.addEventListener(name, stop, { passive: true }));
    const timer = setTimeout(stop, SETTLE_MS);
    return () => {
      stop();
      clearTimeout(timer);
      VIEWER_MOVES.forEach((name) => window.removeEventListener(name, stop));
    };
  }, [hash, key, id]);
}
