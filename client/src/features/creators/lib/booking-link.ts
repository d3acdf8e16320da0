import { MAX_BOOKING_HOURS } from './slot-selection';

/**
 * The creator page's query string: `date` (YYYY-MM-DD, the viewer's day), `duration` (a length
 * fixed by the calendar that linked here, 2-8 hours: shown pre-selected and locked, spec §2),
 * and `start` + `hours` (a selection to restore after signing in).
 */
export const BOOKING_PARAMS = { date: 'date', duration: 'duration', start: 'start', hours: 'hours' } as const;

/** An hour count in 1..8 from the URL, else null. */
export function parseHours(text: string | null): number | null {
  if (!text || !/^\d$/.test(text)) return null;
  const hours = Number(text);
  return hours >= 1 && hours <= MAX_BOOKING_HOURS ? hours : null;
}

/** Spec §2: only a duration above 1 arriving from the calendar is locked. */
export function lockedDuration(text: string | null): number | null {
  const hours = parseHours(text);
  return hours && hours > 1 ? hours : null;
}
