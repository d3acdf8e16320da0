/** A creator's hour as the propose-another-time picker reads it. */
export interface FreeHour {
  id: string;
  startTime: string;
  endTime: string;
  isBooked: boolean;
}

export interface ProposalOption {
  /** The first hour's slot id. */
  slotId: string;
  startTime: string;
  endTime: string;
}

/**
 * Where a run of `hours` back-to-back free hours starts, in time order: the times a creator may
 * propose for a booking of that length. The booking's own hours count as free (the move gives them
 * up), so a shift that overlaps them is offered; hours that start before `now`, and the booking's
 * own time itself, are left out.
 */
export function proposalOptions(
  slots: readonly FreeHour[],
  hours: number,
  now: Date,
  current?: { startTime: string; endTime: string },
): ProposalOption[] {
  // A creator's booked hour inside the booking's own hours is held by this booking (no two live bookings overlap).
  const ownHour = (slot: FreeHour) =>
    current !== undefined && Date.parse(slot.startTime) >= Date.parse(current.startTime) && Date.parse(slot.endTime) <= Date.parse(current.endTime);
  const free = slots
    .filter((slot) => (!slot.isBooked || ownHour(slot)) && Date.parse(slot.startTime) > now.getTime())
    .sort((a, b) => Date.parse(a.startTime) - Date.parse(b.startTime));
  const options: ProposalOption[] = [];
  for (let i = 0; i + hours <= free.length; i++) {
    let contiguous = true;
    for (let j = i + 1; j < i + hours; j++) {
      if (Date.parse(free[j]!.startTime) !== Date.parse(free[j - 1]!.endTime)) {
        contiguous = false;
        break;
      }
    }
    if (!contiguous) continue;
    const first = free[i]!;
    const last = free[i + hours - 1]!;
    if (current && Date.parse(current.startTime) === Date.parse(first.startTime) && Date.parse(current.endTime) === Date.parse(last.endTime)) continue;
    options.push({ slotId: first.id, startTime: first.startTime, endTime: last.endTime });
  }
  return options;
}
