/** "4.8" for a rated profile; "N/A" when there is no rating yet (0 or missing). */
export function averageRatingLabel(averageRating: number | null | undefined): string {
  if (!averageRating || !(averageRating > 0)) return 'N/A';
  return (Math.round(averageRating * 10) / 10).toFixed(1);
}

/** "My Creator Profile" / "My Brand Profile". */
export const profileTabTitle = (accountType: 'CREATOR' | 'BRAND') =>
  accountType === 'BRAND' ? 'My Brand Profile' : 'My Creator Profile';
