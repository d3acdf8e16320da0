import { useLayoutEffect } from 'react';

/**
 * A static page arrives with its markup rendered at build time (`#prerender`, see
 * scripts/prerender.mjs) and the app hidden beside it. When the app's own page commits, this
 * removes the prerendered copy before the browser paints again, so the page never flashes a spinner.
 */
export function PrerenderHandoff() {
  useLayoutEffect(() => {
    document.getElementById('prerender')?.remove();
  }, []);
  return null;
}
