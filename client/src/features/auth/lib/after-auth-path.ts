import { useLocation } from 'react-router-dom';

const DEFAULT_PATH = '/dashboard';

/** An in-app path worth returning to (never another origin, never /auth itself). */
function safeInAppPath(value: unknown): string | null {
  if (typeof value !== 'string' || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\'))
    return null;
  return value === '/auth' || value.startsWith('/auth?') || value.startsWith('/auth/') ? null : value;
}

/** `state.from` as a path string or as a location object ({ pathname, search, hash }). */
function fromState(state: unknown): string | null {
  const from = (state as { from?: unknown } | null)?.from;
  if (typeof from === 'string') return safeInAppPath(from);
  const location = from as { pathname?: unknown; search?: unknown; hash?: unknown } | undefined;
  if (location && typeof location.pathname === 'string') {
    const search = typeof location.search === 'string' ? location.search : '';
    const hash = typeof location.hash === 'string' ? location.hash : '';
    return safeInAppPath(`${location.pathname}${search}${hash}`);
  }
  return null;
}

/**
 * Where to go after signing in or registering: the page that sent the visitor here
 * (`navigate('/auth', { state: { from } })` or `/auth?redirectTo=/path`), else the dashboard.
 */
export function useAfterAuthPath(): string {
  const location = useLocation();
  return (
    fromState(location.state) ?? safeInAppPath(new URLSearchParams(location.search).get('redirectTo')) ?? DEFAULT_PATH
  );
}
