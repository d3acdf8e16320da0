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

/** A creator is "New" for their first 30 days on CollabHub while nobody has reviewed them yet. */
export const NEW_CREATOR_DAYS = 30;

export function isNewCreator(createdAt: string, reviewCount: number, now = new Date()): boolean {
  return reviewCount === 0 && now.getTime() - new Date(createdAt).getTime() < NEW_CREATOR_DAYS * 86_400_000;
}

/** "Next free Tue, 2 Dec, 14:00" in the viewer's zone and language. */
export function nextFreeLabel(startTime: string): string {
  const when = new Intl.DateTimeFormat(undefined, {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    hour: 'numeric',
    minute: '2-digit',
  }).format(new Date(startTime));
  return `Next free ${when}`;
}
