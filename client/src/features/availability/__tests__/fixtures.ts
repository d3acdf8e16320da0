import type { DaySlotList_SlotFragment } from '../../../gql/graphql';

export const CREATOR_ID = '11111111-1111-4111-8111-111111111111';

let counter = 0;

/** A 1-hour slot starting at `start` (ISO). */
export function slot(start: string, isBooked = false): DaySlotList_SlotFragment & { __typename: 'AvailabilitySlot' } {
  counter += 1;
  const end = new Date(new Date(start).getTime() + 3_600_000).toISOString();
  return {
    __typename: 'AvailabilitySlot',
    id: `00000000-0000-4000-8000-${String(counter).padStart(12, '0')}`,
    creatorId: CREATOR_ID,
    startTime: new Date(start).toISOString(),
    endTime: end,
    isBooked,
  };
}
