import { useEffect } from 'react';
import { useSearchParams } from 'react-router-dom';

/** `/dashboard?tab=bookings&booking=<id>` (a notification's link) names the booking to show. */
export const BOOKING_PARAM = 'booking';

/**
 * Brings the booking a link names into view once its card is listed, and marks it for a moment,
 * so whoever followed a notification sees which booking it was about.
 */
export function useBookingFromLink(listedIds: readonly string[]) {
  const [params] = useSearchParams();
  const wanted = params.get(BOOKING_PARAM);
  const listed = wanted !== null && listedIds.includes(wanted);
  useEffect(() => {
    if (!wanted || !listed) return;
    const card = [...document.querySelectorAll<HTMLElement>('[data-booking-id]')].find((el) => el.dataset.bookingId === wanted);
    if (!card) return;
    card.scrollIntoView({ block: 'center', behavior: 'smooth' });
    card.animate?.(
      [{ boxShadow: '0 0 0 3px var(--chakra-colors-brand-solid)' }, { boxShadow: '0 0 0 3px transparent' }],
      { duration: 2400, easing: 'ease-out' },
    );
  }, [wanted, listed]);
}
