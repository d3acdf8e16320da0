/**
 * The booking rules of the creator page (spec §2 "Booking flow", §4 "Slot selection", §5
 * "Booking selection"), as pure functions of the day's slots and the current time:
 * a selection is 1 to 8 free, future, back-to-back hours; an extra hour is offered only when the
 * slot starting exactly at the previous end is free.
 */

/** Spec §5/§9: a booking lasts 1 to 8 consecutive hours. */
export const MIN_BOOKING_HOURS = 1;
export const MAX_BOOKING_HOURS = 8;

export const SELECTION_MESSAGES = {
  consecutive: 'Please select consecutive hours only',
  none: 'Please select at least one time slot',
  onlyOneHour: 'Only 1 hour available - no consecutive slots found',
  maxHours: `A booking lasts ${MIN_BOOKING_HOURS} to ${MAX_BOOKING_HOURS} consecutive hours`,
  unavailable: 'This time slot is no longer available',
  notEnoughForLocked: (hours: number) => `There are not ${hours} consecutive free hours from this time`,
  minimumHours: (hours: number) => `This creator's minimum booking is ${hours} hour${hours === 1 ? '' : 's'}`,
} as const;

export interface SelectableSlot {
  id: string;
  startTime: string;
  endTime: string;
  isBooked: boolean;
}

const startMs = (slot: SelectableSlot) => Date.parse(slot.startTime);
const endMs = (slot: SelectableSlot) => Date.parse(slot.endTime);

/** Free and not started yet (a slot starting at or before now is past). */
export function isSlotBookable(slot: SelectableSlot, now: Date): boolean {
  return !slot.isBooked && startMs(slot) > now.getTime();
}

export function sortByStart<S extends SelectableSlot>(slots: readonly S[]): S[] {
  return [...slots].sort((a, b) => startMs(a) - startMs(b));
}

/** Each slot starts exactly where the previous one ended (slots in time order). */
export function areConsecutive(slots: readonly SelectableSlot[]): boolean {
  return slots.every((slot, i) => i === 0 || startMs(slot) === endMs(slots[i - 1]));
}

/**
 * The free hours that can be booked in one go from `startId`: the start slot, then each free slot
 * beginning exactly at the previous end, at most `max`. Empty when the start slot is not bookable.
 */
export function consecutiveFreeRun<S extends SelectableSlot>(
  slots: readonly S[],
  startId: string,
  now: Date,
  max = MAX_BOOKING_HOURS,
): S[] {
  const ordered = sortByStart(slots);
  const first = ordered.findIndex((slot) => slot.id === startId);
  if (first < 0 || !isSlotBookable(ordered[first], now)) return [];
  const run = [ordered[first]];
  for (let i = first + 1; i < ordered.length && run.length < max; i++) {
    const next = ordered[i];
    if (startMs(next) !== endMs(run[run.length - 1]) || !isSlotBookable(next, now)) break;
    run.push(next);
  }
  return run;
}

/** The durations (hours) offered from a start slot: 1..n where n is the free run's length. */
export function offeredDurations(slots: readonly SelectableSlot[], startId: string, now: Date): number[] {
  const length = consecutiveFreeRun(slots, startId, now).length;
  return Array.from({ length }, (_, i) => i + 1);
}

/** The slot ids of a `hours`-long booking from `startId`, or null when there aren't enough free hours. */
export function selectRun(
  slots: readonly SelectableSlot[],
  startId: string,
  hours: number,
  now: Date,
): string[] | null {
  if (hours < MIN_BOOKING_HOURS || hours > MAX_BOOKING_HOURS) return null;
  const run = consecutiveFreeRun(slots, startId, now, hours);
  return run.length === hours ? run.map((slot) => slot.id) : null;
}

export type SelectionChange =
  | { ok: true; selection: string[] }
  | { ok: false; reason: 'consecutive' | 'max-hours' | 'unavailable'; message: string };

const refuse = (reason: 'consecutive' | 'max-hours' | 'unavailable'): SelectionChange => ({
  ok: false,
  reason,
  message:
    reason === 'consecutive'
      ? SELECTION_MESSAGES.consecutive
      : reason === 'max-hours'
        ? SELECTION_MESSAGES.maxHours
        : SELECTION_MESSAGES.unavailable,
});

/**
 * Clicking a slot: select it when nothing is selected; add it when it touches either end of the
 * selection; remove it when it is an end of the selection. Anything that would leave a gap is
 * refused with "Please select consecutive hours only".
 */
export function toggleSlot(
  selection: readonly string[],
  slotId: string,
  slots: readonly SelectableSlot[],
  now: Date,
): SelectionChange {
  const byId = new Map(slots.map((slot) => [slot.id, slot]));
  const slot = byId.get(slotId);
  const selected = sortByStart(selection.map((id) => byId.get(id)).filter((s): s is SelectableSlot => Boolean(s)));
  const ids = selected.map((s) => s.id);

  if (ids.includes(slotId)) {
    if (slotId === ids[0]) return { ok: true, selection: ids.slice(1) };
    if (slotId === ids[ids.length - 1]) return { ok: true, selection: ids.slice(0, -1) };
    return refuse('consecutive');
  }
  if (!slot || !isSlotBookable(slot, now)) return refuse('unavailable');
  if (ids.length === 0) return { ok: true, selection: [slotId] };

  const first = selected[0];
  const last = selected[selected.length - 1];
  let next: string[];
  if (startMs(slot) === endMs(last)) next = [...ids, slotId];
  else if (endMs(slot) === startMs(first)) next = [slotId, ...ids];
  else return refuse('consecutive');
  return next.length > MAX_BOOKING_HOURS ? refuse('max-hours') : { ok: true, selection: next };
}

/** Keeps a selection only while every hour is still bookable and back-to-back (after a live refresh). */
export function stillValidSelection(
  selection: readonly string[],
  slots: readonly SelectableSlot[],
  now: Date,
): boolean {
  const byId = new Map(slots.map((slot) => [slot.id, slot]));
  const selected = selection.map((id) => byId.get(id));
  if (selected.some((slot) => !slot || !isSlotBookable(slot, now))) return false;
  return areConsecutive(sortByStart(selected as SelectableSlot[]));
}

export interface SelectionRange {
  startTime: string;
  endTime: string;
  hours: number;
  /** The first hour's slot: the checkout's `availabilitySlotId`. */
  firstSlotId: string;
}

/** Start, end and length of a (consecutive) selection; null when nothing is selected. */
export function selectionRange(selection: readonly string[], slots: readonly SelectableSlot[]): SelectionRange | null {
  const byId = new Map(slots.map((slot) => [slot.id, slot]));
  const selected = sortByStart(selection.map((id) => byId.get(id)).filter((s): s is SelectableSlot => Boolean(s)));
  if (selected.length === 0) return null;
  return {
    startTime: selected[0].startTime,
    endTime: selected[selected.length - 1].endTime,
    hours: selected.length,
    firstSlotId: selected[0].id,
  };
}

/** Spec §9: booking total = hourly rate × hours (in cents, like the API). */
export function bookingTotalCents(hourlyRateCents: number, hours: number): number {
  return hourlyRateCents * hours;
}
