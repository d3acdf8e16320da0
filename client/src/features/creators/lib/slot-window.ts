const DAY_MS = 86_400_000;

/**
 * The hours the creator page's first query asks for: from the start of yesterday (UTC, so every
 * time zone's today is inside) for 40 days, which holds the month the calendar opens on. The
 * server answers the same window into the page's HTML (server/src/features/profiles/creator-pages.ts,
 * `creatorPageSlotWindow`, the same rule): a function of the UTC date only, so both ask alike.
 */
export function creatorPageSlotWindow(now: Date): { from: string; to: string } {
  const from = Math.floor(now.getTime() / DAY_MS) * DAY_MS - DAY_MS;
  return { from: new Date(from).toISOString(), to: new Date(from + 40 * DAY_MS).toISOString() };
}

/** Whether hours in [from, to) that can still be booked are all inside the window (past hours never are bookable). */
export function windowHolds(window: { from: string; to: string }, from: Date, to: Date): boolean {
  return (
    to.getTime() <= new Date(window.to).getTime() &&
    Math.max(from.getTime(), Date.now() - DAY_MS) >= new Date(window.from).getTime()
  );
}
