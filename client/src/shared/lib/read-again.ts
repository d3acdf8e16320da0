/**
 * Options of a query read again because something changed (a live event, the window's focus).
 * Apollo merges a request into an identical one already on its way, and a request sent before the
 * change answers with the state before it: a booking group's count stayed at "Requests 1" over a
 * list that had already lost the booking, until the next event. With these options each read goes
 * out on its own, after the change that asked for it.
 */
export const READ_AGAIN_ON_CHANGE = { context: { queryDeduplication: false } } as const;
