import { useLayoutEffect } from 'react';

/**
 * A static page arrives with its markup rendered at build time (`#prerender`, see
 * scripts/prerender.mjs) and the app hidden beside it. When the app's own page commits, this
 * removes the prerendered copy before the browser paints again, so the page never flashes a spinner,
 * and presses again any button the visitor pressed on the copy meanwhile.
 */
export function PrerenderHandoff() {
  useLayoutEffect(() => {
    const copy = document.getElementById('prerender');
    if (!copy) return;
    copy.remove();
    // Buttons pressed on the copy before now (public/prerender-boot.js): press them on the app's page.
    const pressed = (window as { __prerenderPressed?: string[] }).__prerenderPressed?.splice(0) ?? [];
    if (pressed.length === 0) return;
    // After the next frame: the page's widgets (accordions...) start in their own effects first.
    requestAnimationFrame(() =>
      setTimeout(() => {
        const buttons = [...document.querySelectorAll<HTMLButtonElement>('#root button')];
        for (const text of pressed) {
          const button = buttons.find((candidate) => (candidate.textContent ?? '').trim() === text);
          button?.focus(); // as a real press does (some widgets act on a click only when focused)
          button?.click();
        }
      }),
    );
  }, []);
  return null;
}
