import { useCallback } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useUpdateSearchParams } from '../../../shared/hooks/useUpdateSearchParams';
import { DEFAULT_TAB, TAB_PARAM, tabFromParam, type DashboardTab } from '../lib/dashboard-tabs';

/**
 * The selected dashboard tab, kept in the URL query (`?tab=bookings`; Overview has none). Written
 * through the one URL writer, so a tab's own parameter written in the same moment (the Bookings
 * tab's `group`) is kept.
 */
export function useDashboardTab(available: readonly DashboardTab[]) {
  const [searchParams] = useSearchParams();
  const tab = tabFromParam(searchParams.get(TAB_PARAM), available);
  const updateParams = useUpdateSearchParams();

  const selectTab = useCallback(
    (next: DashboardTab) =>
      updateParams((params) => {
        if (next === DEFAULT_TAB) params.delete(TAB_PARAM);
        else params.set(TAB_PARAM, next);
      }),
    [updateParams],
  );

  return [tab, selectTab] as const;
}
