import { lazy, Suspense, useState, type ComponentType } from 'react';

/** A dialog component whose code is fetched when it is first opened (see `dialogOnDemand`). */
export type DialogOnDemand<P extends { open: boolean }> = ComponentType<P> & {
  /** Fetch the dialog's code now (its opener is pointed at or focused, or opening it is likely). */
  preload: () => void;
};

/**
 * A controlled dialog (`open` prop) whose module is loaded the first time it opens, not with the
 * page: Zag's dialog machine, focus trap, scroll lock and the dialog's own form stay out of the
 * page's first scripts. Once opened it stays mounted, so it animates out and keeps its state like
 * a dialog loaded with the page. `preload()` fetches it ahead (on pointer or focus of its opener).
 */
export function dialogOnDemand<P extends { open: boolean }>(load: () => Promise<ComponentType<P>>): DialogOnDemand<P> {
  const Loaded = lazy(async () => ({ default: await load() }));
  function OnDemand(props: P) {
    const [opened, setOpened] = useState(props.open);
    if (props.open && !opened) setOpened(true);
    if (!opened) return null;
    return (
      <Suspense fallback={null}>
        <Loaded {...props} />
      </Suspense>
    );
  }
  return Object.assign(OnDemand, { preload: () => void load().catch(() => undefined) });
}
