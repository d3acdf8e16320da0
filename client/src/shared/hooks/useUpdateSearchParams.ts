import { useCallback, useRef } from 'react';
import { useLocation, useNavigate, type NavigateOptions } from 'react-router-dom';

/**
 * The search string the last write asked for, until the router shows a new location. The router
 * applies a navigation in a transition, so until it renders, every `useSearchParams` still reads
 * the old URL, and a second write built on it (react-router's functional update is built on the
 * rendered params too) would drop the first: the dashboard's `tab` and the Bookings tab's `group`
 * written in one click would lose one of the two. Writes made before the router renders build on
 * this one instead.
 */
let pending: { fromKey: string; pathname: string; search: string } | null = null;

/**
 * Changes some query parameters of the current URL and keeps every other one, including those
 * another component changed a moment before (not yet rendered). Shared by every writer of the
 * dashboard's URL so no write loses another's.
 */
export function useUpdateSearchParams() {
  const location = useLocation();
  const navigate = useNavigate();
  const rendered = useRef(location);
  rendered.current = location;
  // The router shows a location the write did not start from: the write is rendered (or another
  // navigation, e.g. Back to the first entry, replaced it); later writes build on what is shown.
  if (pending && pending.fromKey !== location.key) pending = null;

  return useCallback(
    (update: (params: URLSearchParams) => void, options?: NavigateOptions) => {
      const here = rendered.current;
      const base = pending && pending.fromKey === here.key && pending.pathname === here.pathname ? pending.search : here.search;
      const params = new URLSearchParams(base);
      update(params);
      const query = params.toString();
      const search = query ? `?${query}` : '';
      if (search === base) return;
      pending = { fromKey: here.key, pathname: here.pathname, search };
      navigate({ pathname: here.pathname, search }, options);
    },
    [navigate],
  );
}
