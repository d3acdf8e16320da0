import { useEffect, useRef } from 'react';
import type { BookingCard_BookingFragment } from '../../../gql/graphql';

type Listener = (booking: BookingCard_BookingFragment) => void;

const listeners = new Set<Listener>();

/**
 * The signed-in user's live booking changes, fanned out to whatever is on screen. One subscription
 * per session feeds it (`LiveBookingUpdates`), so navigating between pages never leaves a gap in
 * which an update could be missed; Apollo has already written each booking into its cache.
 */
export const bookingEvents = {
  emit(booking: BookingCard_BookingFragment): void {
    listeners.forEach((listener) => listener(booking));
  },
  subscribe(listener: Listener): () => void {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  },
};

/** Calls `onBooking` (always its latest version) for every live booking change while mounted. */
export function useBookingEvents(onBooking: Listener): void {
  const latest = useRef(onBooking);
  useEffect(() => {
    latest.current = onBooking;
  });
  useEffect(() => bookingEvents.subscribe((booking) => latest.current(booking)), []);
}
