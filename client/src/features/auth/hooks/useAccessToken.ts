import { useSyncExternalStore } from 'react';
import { tokenStorage } from '../lib/token-storage';

/** The stored access token; re-renders when it is set or cleared (in this tab or another). */
export function useAccessToken(): string | null {
  return useSyncExternalStore(tokenStorage.subscribe, tokenStorage.getAccessToken, () => null);
}
