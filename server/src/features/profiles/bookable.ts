/**
 * The one rule of what a brand may book (issue 30): a free slot is bookable when it starts after
 * the creator's minimum notice and before their horizon, no busy range (a connected calendar's
 * event, time off) falls within it widened by the buffers, and no booked hour of theirs falls within
 * the buffers around it. It lives in the database as `slot_bookable(...)` (migration
 * 20261126150000) so every read (slot list, cards' next free slots, the listing's "available", the
 * compiled reads) and checkout ask the same question in their own statement.
 *
 * The defaults of a creator who set nothing come from the configuration
 * (SCHEDULING_DEFAULT_MIN_NOTICE_MINUTES) and are written into the statements as literals: they
 * are fixed for the life of the process.
 */
export const SCHEDULING_DEFAULTS = {
  minNoticeMinutes: 240,
  bufferBeforeMinutes: 0,
  bufferAfterMinutes: 0,
  maxDaysAhead: 90,
};

/** Called once at start with the configuration's value. */
export function setDefaultMinNotice(minutes: number): void {
  if (!Number.isInteger(minutes) || minutes < 0) throw new Error('minimum notice must be a whole number of minutes');
  SCHEDULING_DEFAULTS.minNoticeMinutes = minutes;
}

/**
 * SQL: whether the slot row `alias` (availability_slots) may be booked at `now` (a SQL expression or
 * placeholder of type timestamptz). Only meaningful for a free slot.
 */
export const slotBookable = (alias: string, now: string) =>
  `slot_bookable(${alias}.streamer_id, ${alias}.id, ${alias}.start_time, ${alias}.end_time, ${now}::timestamptz, ${SCHEDULING_DEFAULTS.minNoticeMinutes | 0}, ${SCHEDULING_DEFAULTS.maxDaysAhead | 0})`;

/**
 * SQL: whether creator `profileId` (a SQL expression) has any bookable free slot after `now` (one
 * placeholder): the listing's and the creator page's `isAvailable`, and the listing's
 * availableFrom/availableTo filter with `within` (two placeholders: from, to; either may be null).
 */
export const hasBookableSlot = (profileId: string, now = '?', within?: { from: string; to: string }) =>
  `exists (select 1 from (select ${now}::timestamptz as t) n cross join availability_slots w
     where w.streamer_id = ${profileId} and not w.is_booked and w.start_time > n.t
       ${within ? `and w.start_time >= coalesce(${within.from}::timestamptz, '-infinity') and w.end_time <= coalesce(${within.to}::timestamptz, 'infinity')` : ''}
       and ${slotBookable('w', 'n.t')})`;
