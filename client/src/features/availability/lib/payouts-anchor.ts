/** The payout card's anchor on the Availability tab: `/dashboard?tab=availability#payouts` opens the tab on it. */
export const PAYOUTS_ID = 'payouts';
