/** Presentation rules of the Overview tab (spec §9 "Overview metrics"). */

/** The Recent Earnings and Upcoming lists show 5 entries each. */
export const OVERVIEW_LIST_LENGTH = 5;

export type UtilizationTone = 'green' | 'orange' | 'red';

/** The utilization badge: green at 70 % or more, orange at 40 % or more, red below. */
export function utilizationTone(percent: number): UtilizationTone {
  if (percent >= 70) return 'green';
  if (percent >= 40) return 'orange';
  return 'red';
}

/** "62.5%", "100%", "0%". */
export function formatPercent(percent: number): string {
  return `${Math.round(percent * 10) / 10}%`;
}

/** Profile completeness: 100 % with a bio and at least one platform, else 75 %. */
export function profileCompleteness(profile: { bio?: string | null; platforms: readonly unknown[] }): 100 | 75 {
  return profile.bio?.trim() && profile.platforms.length > 0 ? 100 : 75;
}

export type OverviewTipId = 'first-hours' | 'add-slots' | 'raise-rate';

export interface OverviewTip {
  id: OverviewTipId;
  title: string;
  text: string;
}

export const TIP_UTILIZATION_BELOW = 50;
export const TIP_RATING_AT_LEAST = 4.5;

/**
 * No hours at all asks for the first ones; under 50 % utilization suggests adding slots; a rating of
 * 4.5 or more suggests raising the rate.
 */
export function overviewTips({
  utilizationPercent,
  averageRating,
  totalSlots,
}: {
  utilizationPercent: number;
  averageRating: number;
  totalSlots: number;
}): OverviewTip[] {
  const tips: OverviewTip[] = [];
  if (totalSlots === 0) {
    tips.push({
      id: 'first-hours',
      title: 'Set your first hours',
      text: 'You have no bookable hours yet, so brands cannot book you. Publish the hours you are free to collaborate and they show on your page.',
    });
  } else if (utilizationPercent < TIP_UTILIZATION_BELOW) {
    tips.push({
      id: 'add-slots',
      title: 'Add more availability',
      text: 'Less than half of your slots are booked. Add slots at different times of day so more brands find an hour that suits them.',
    });
  }
  if (averageRating >= TIP_RATING_AT_LEAST) {
    tips.push({
      id: 'raise-rate',
      title: 'Consider raising your rate',
      text: 'Your rating is 4.5 stars or more. Brands value your work: a higher hourly rate is likely to hold.',
    });
  }
  return tips;
}
