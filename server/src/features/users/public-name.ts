import { AccountType } from './user.entity';

/**
 * The name other people see for an account: its profile's display name, else a neutral name by
 * account type. Never anything taken from the e-mail address (its local part often is a person's
 * name or leads to the address). One rule for booking events, e-mails, invites and threads.
 */
export const NEUTRAL_NAMES: Record<AccountType, string> = { [AccountType.BRAND]: 'A CollabHub brand', [AccountType.CREATOR]: 'A CollabHub creator' };

/** In JavaScript: the profile's display name, else the neutral name of the account type. */
export const publicNameOf = (user: { accountType: AccountType | string }, profile: { displayName?: string | null } | null | undefined): string =>
  profile?.displayName?.trim() || NEUTRAL_NAMES[user.accountType as AccountType] || 'A CollabHub member';

/** In SQL: the same rule for a users row `u` and its (left-joined) profiles row `p`. */
export const publicNameSql = (u: string, p: string): string =>
  `coalesce(nullif(btrim(${p}.display_name), ''), case ${u}.account_type when 'brand' then '${NEUTRAL_NAMES[AccountType.BRAND]}' when 'creator' then '${NEUTRAL_NAMES[AccountType.CREATOR]}' else 'A CollabHub member' end)`;
