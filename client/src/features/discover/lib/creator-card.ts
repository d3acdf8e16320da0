/** Display rules of the creator card (spec §2 "Creator card"). */

/** The rating shown on a card: rounded to one decimal, or null when there is none (0). */
export function formatRating(averageRating: number): string | null {
  if (!(averageRating > 0)) return null;
  return (Math.round(averageRating * 10) / 10).toFixed(1);
}

/** "1 booking", "12 bookings". */
export function bookingCountLabel(count: number): string {
  return `${count} ${count === 1 ? 'booking' : 'bookings'}`;
}

/** "1 review", "12 reviews": the star rating counts reviews, not bookings. */
export function reviewCountLabel(count: number): string {
  return `${count} ${count === 1 ? 'review' : 'reviews'}`;
}

/** "Min. 1 hour", "Min. 3 hours". */
export function minimumHoursLabel(hours: number): string {
  return `Min. ${hours} ${hours === 1 ? 'hour' : 'hours'}`;
}
