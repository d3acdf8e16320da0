import { useCallback } from 'react';
import { useSearchParams } from 'react-router-dom';
import { DEFAULT_TAB, TAB_PARAM, tabFromParam, type DashboardTab } from '../lib/dashboard-tabs';

/** The selected dashboard tab, kept in the URL query (`?tab=bookings`; Overview has none). */
export function useDashboardTab(available: readonly DashboardTab[]) {
  const [searchParams, setSearchParams] = useSearchParams();
  const tab = tabFromParam(searchParams.get(TAB_PARAM), available);

  const selectTab = useCallback(
    (next: DashboardTab) => {
      setSearchParams((current) => {
        const params = new URLSearchParams(current);
        if (next === DEFAULT_TAB) params.delete(TAB_PARAM);
        else params.set(TAB_PARAM, next);
        return params;
      });
    },
    [setSearchParams],
  );

  return [tab, selectTab] as const;
}
