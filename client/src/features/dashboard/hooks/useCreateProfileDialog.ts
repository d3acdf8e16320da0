import { useEffect, useState } from 'react';
import type { AccountType } from '../../../gql/graphql';
import { pendingAccountTypeStorage } from '../../auth/lib/token-storage';
import { profileFormType } from '../lib/dashboard-tabs';

/**
 * The create-profile dialog of the dashboard (spec §2): it opens as the brand form when the
 * pending account type is brand, else as the creator form. A pending account type saved at
 * registration opens it by itself once we know the user has no profile, and is then removed.
 *
 * @param hasProfile undefined while the profile is loading.
 */
export function useCreateProfileDialog(accountType: AccountType, hasProfile: boolean | undefined) {
  const [formType, setFormType] = useState<AccountType>(() =>
    profileFormType(pendingAccountTypeStorage.get(), accountType),
  );
  const [open, setOpen] = useState(false);

  useEffect(() => {
    if (hasProfile === undefined) return;
    const pending = pendingAccountTypeStorage.get();
    if (!pending) return;
    if (hasProfile) {
      pendingAccountTypeStorage.clear();
      return;
    }
    // Kept until the dialog is closed or the profile exists: a new user who leaves to confirm their
    // e-mail address (the link opens another page) finds the dialog again on coming back.
    setFormType(profileFormType(pending, accountType));
    setOpen(true);
  }, [hasProfile, accountType]);

  const change = (next: boolean) => {
    if (!next) pendingAccountTypeStorage.clear();
    setOpen(next);
  };
  return { open, setOpen: change, formType, openDialog: () => setOpen(true) };
}
