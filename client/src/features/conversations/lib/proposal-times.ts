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
 * propose for a booking of that length. Hours that start before `now`, or equal the booking's own
 * time, are left out.
 */
export function proposalOptions(
  slots: readonly FreeHour[],
  hours: number,
  now: Date,
  current?: { startTime: string; endTime: string },
): ProposalOption[] {
  const free = slots
    .filter((slot) => !slot.isBooked && Date.parse(slot.startTime) > now.getTime())
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
