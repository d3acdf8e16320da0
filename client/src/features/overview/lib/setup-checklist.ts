import { PAYOUTS_ID } from '../../availability/lib/payouts-anchor';

/** What a new creator still has to do before brands can book and pay them. */
export interface SetupStep {
  id: 'hours' | 'payouts' | 'photo';
  label: string;
  /** Why it matters, shown while it is not done. */
  why: string;
  /** Where it is done. */
  href: string;
  linkLabel: string;
  done: boolean;
}

/**
 * The creator's set-up checklist: bookable hours (Availability), a payout account (the payments
 * card on Availability) and a photo (Profile). Shown on Overview until every step is done.
 */
export function creatorSetupSteps(state: { hasHours: boolean; payoutsReady: boolean; hasPhoto: boolean }): SetupStep[] {
  return [
    {
      id: 'hours',
      label: 'Add your bookable hours',
      why: 'Brands can only book hours you have published.',
      href: '/dashboard?tab=availability',
      linkLabel: 'Add hours',
      done: state.hasHours,
    },
    {
      id: 'payouts',
      label: 'Connect a payout account',
      why: 'So the money for each booking can reach you.',
      // The payout card on Availability: the tab opens scrolled to it, with the focus on it.
      href: `/dashboard?tab=availability#${PAYOUTS_ID}`,
      linkLabel: 'Connect payouts',
      done: state.payoutsReady,
    },
    {
      id: 'photo',
      label: 'Add a profile photo',
      why: 'Brands pick creators they can recognise.',
      href: '/dashboard?tab=profile',
      linkLabel: 'Add a photo',
      done: state.hasPhoto,
    },
  ];
}
