/** The active slot lists that change when slots are added, removed or generated. */
export const SLOT_QUERIES = ['AvailabilityWeek', 'UpcomingFreeSlots'];
