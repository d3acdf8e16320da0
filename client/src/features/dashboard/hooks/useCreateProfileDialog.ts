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
    pendingAccountTypeStorage.clear();
    if (!hasProfile) {
      setFormType(profileFormType(pending, accountType));
      setOpen(true);
    }
  }, [hasProfile, accountType]);

  return { open, setOpen, formType, openDialog: () => setOpen(true) };
}
