import type { AccountType } from '../../../gql/graphql';
import type { PendingAccountType } from '../../auth/lib/token-storage';

export type DashboardTab = 'overview' | 'discover' | 'profile' | 'availability' | 'bookings' | 'messages' | 'developers';

export const DEFAULT_TAB: DashboardTab = 'overview';

/** The URL query parameter holding the selected tab (`/dashboard?tab=bookings`). */
export const TAB_PARAM = 'tab';

const ALL_TABS: readonly DashboardTab[] = ['overview', 'discover', 'profile', 'availability', 'bookings', 'messages', 'developers'];

/**
 * The tabs a profile gets: all seven for creators; brands publish no availability, so they get
 * Overview, Discover, Profile, Bookings, Messages and Developers (API keys and webhooks).
 */
export function tabsFor(accountType: AccountType): readonly DashboardTab[] {
  return accountType === 'CREATOR' ? ALL_TABS : ALL_TABS.filter((tab) => tab !== 'availability');
}

/** The tab named in the URL when this profile has it, else Overview. */
export function tabFromParam(param: string | null, available: readonly DashboardTab[]): DashboardTab {
  const wanted = param?.toLowerCase() as DashboardTab | undefined;
  return wanted && available.includes(wanted) ? wanted : DEFAULT_TAB;
}

/**
 * Which create form to open: the brand form when the account type chosen at registration
 * (`pendingAccountType`) is brand, the creator form when it is creator, and otherwise the
 * account's own type (the server always creates the profile with the account's type).
 */
export function profileFormType(pending: PendingAccountType | null, accountType: AccountType): AccountType {
  if (pending === 'brand') return 'BRAND';
  if (pending === 'creator') return 'CREATOR';
  return accountType;
}
