/**
 * Browser storage of the session (spec §3 "Tokens"): `auth_token`, `refresh_token`, and the
 * account type chosen at registration (`pendingAccountType`). Subscribers hear every change, so
 * a refresh failure deep in the Apollo link signs the UI out too.
 */
export const STORAGE_KEYS = {
  accessToken: 'auth_token',
  refreshToken: 'refresh_token',
  pendingAccountType: 'pendingAccountType',
} as const;

export type PendingAccountType = 'creator' | 'brand';

type Listener = () => void;
const listeners = new Set<Listener>();
const notify = () => listeners.forEach((listener) => listener());

/** Another tab signed in or out: tell this tab's subscribers too. */
function onStorageEvent(event: StorageEvent) {
  if (event.key === null || event.key === STORAGE_KEYS.accessToken || event.key === STORAGE_KEYS.refreshToken) {
    notify();
  }
}

function read(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

function write(key: string, value: string | null) {
  try {
    if (value === null) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, value);
  } catch {
    // Storage can be unavailable (private mode, quota): the session then lives for this page only.
  }
}

export const tokenStorage = {
  getAccessToken: () => read(STORAGE_KEYS.accessToken),
  getRefreshToken: () => read(STORAGE_KEYS.refreshToken),

  setTokens(tokens: { accessToken: string; refreshToken?: string | null }) {
    write(STORAGE_KEYS.accessToken, tokens.accessToken);
    if (tokens.refreshToken) write(STORAGE_KEYS.refreshToken, tokens.refreshToken);
    notify();
  },

  clearTokens() {
    const hadToken = read(STORAGE_KEYS.accessToken) !== null || read(STORAGE_KEYS.refreshToken) !== null;
    write(STORAGE_KEYS.accessToken, null);
    write(STORAGE_KEYS.refreshToken, null);
    if (hadToken) notify();
  },

  subscribe(listener: Listener) {
    if (listeners.size === 0) window.addEventListener('storage', onStorageEvent);
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
      if (listeners.size === 0) window.removeEventListener('storage', onStorageEvent);
    };
  },
};

export const pendingAccountTypeStorage = {
  get(): PendingAccountType | null {
    const value = read(STORAGE_KEYS.pendingAccountType);
    return value === 'creator' || value === 'brand' ? value : null;
  },
  set: (value: PendingAccountType) => write(STORAGE_KEYS.pendingAccountType, value),
  clear: () => write(STORAGE_KEYS.pendingAccountType, null),
};
