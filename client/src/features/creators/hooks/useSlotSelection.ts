import { useCallback, useEffect, useState } from 'react';
import { toast } from '../../../shared/toast';
import {
  offeredDurations,
  SELECTION_MESSAGES,
  selectionRange,
  selectRun,
  stillValidSelection,
  toggleSlot,
  type SelectableSlot,
} from '../lib/slot-selection';

interface Options {
  /** The slots shown in the day's grid. */
  daySlots: readonly SelectableSlot[];
  /** The selected calendar day (YYYY-MM-DD): a new day starts with nothing selected. */
  day: string;
  now: Date;
  /** A duration fixed by the link (spec §2: "cannot be changed"); null when the visitor chooses. */
  lockedHours: number | null;
  /** The creator's minimum booking: a first click takes that many hours when they are free. */
  minimumHours?: number;
  /** Keep the selection as it is (e.g. while it is being booked). */
  frozen?: boolean;
}

/**
 * The hours picked on the creator page, kept consecutive (spec §4 "Slot selection"), with the
 * durations the start offers. Refusals are toasts; a selection that a live update makes
 * impossible (someone else took an hour) is dropped with a warning.
 */
export function useSlotSelection({ daySlots, day, now, lockedHours, minimumHours = 1, frozen = false }: Options) {
  const [state, setState] = useState<{ day: string; ids: string[] }>({ day, ids: [] });
  const selection = state.day === day ? state.ids : [];
  const select = useCallback((ids: string[]) => setState({ day, ids }), [day]);

  const stale = !frozen && selection.length > 0 && !stillValidSelection(selection, daySlots, now);
  useEffect(() => {
    if (!stale) return;
    setState({ day, ids: [] });
    toast.warning(SELECTION_MESSAGES.unavailable, 'Please pick another time.');
  }, [stale, day]);

  const range = stale ? null : selectionRange(selection, daySlots);
  const offered = range ? offeredDurations(daySlots, range.firstSlotId, now) : [];

  const toggle = (slotId: string) => {
    if (lockedHours) {
      if (selection.includes(slotId)) return select([]);
      const run = selectRun(daySlots, slotId, lockedHours, now);
      if (!run) return void toast.error(SELECTION_MESSAGES.notEnoughForLocked(lockedHours));
      return select(run);
    }
    if (selection.length === 0 && minimumHours > 1) {
      const run = selectRun(daySlots, slotId, minimumHours, now);
      if (run) return select(run);
    }
    const change = toggleSlot(selection, slotId, daySlots, now);
    if (!change.ok) return void toast.error(change.message);
    select(change.selection);
  };

  const chooseDuration = (hours: number) => {
    if (!range || lockedHours) return;
    const run = selectRun(daySlots, range.firstSlotId, hours, now);
    if (run) select(run);
  };

  /** Re-selects `hours` from `startId` (e.g. after coming back from signing in); false when no longer free. */
  const restore = (startId: string, hours: number): boolean => {
    const run = selectRun(daySlots, startId, hours, now);
    if (run) select(run);
    return Boolean(run);
  };

  return {
    selection: range ? selection : [],
    range,
    offered,
    toggle,
    chooseDuration,
    restore,
    clear: () => select([]),
  };
}
