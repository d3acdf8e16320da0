import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createSessionRefresher, SessionRejectedError } from '../lib/session-refresher';
import { tokenStorage } from '../lib/token-storage';

const json = (status: number, body: unknown) =>
  Promise.resolve(new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }));

describe('session refresher', () => {
  beforeEach(() => tokenStorage.setTokens({ accessToken: 'old-access', refreshToken: 'old-refresh' }));

  it('stores and returns the new pair', async () => {
    const fetchImpl = vi.fn(() =>
      json(200, { data: { refreshToken: { accessToken: 'new-access', refreshToken: 'new-refresh', accessTokenExpiresAt: 'x' } } }),
    );
    await expect(createSessionRefresher('/graphql', fetchImpl as typeof fetch)()).resolves.toBe('new-access');
    expect(tokenStorage.getRefreshToken()).toBe('new-refresh');
  });

  it('a refused refresh token ends the session (SessionRejectedError)', async () => {
    const fetchImpl = vi.fn(() =>
      json(200, { data: null, errors: [{ message: 'Refresh token was already used', extensions: { code: 'UNAUTHENTICATED' } }] }),
    );
    const error = await createSessionRefresher('/graphql', fetchImpl as typeof fetch)().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SessionRejectedError);
    expect((error as Error).message).toBe('Refresh token was already used');
  });

  it('a refresh cut off in transit (page reload, offline) or a server error is not a rejection', async () => {
    const offline = vi.fn(() => Promise.reject(new TypeError('Failed to fetch')));
    const cutOff = await createSessionRefresher('/graphql', offline as typeof fetch)().catch((e: unknown) => e);
    expect(cutOff).not.toBeInstanceOf(SessionRejectedError);

    const busy = vi.fn(() => json(503, { errors: [{ message: 'Service unavailable' }] }));
    const unavailable = await createSessionRefresher('/graphql', busy as typeof fetch)().catch((e: unknown) => e);
    expect(unavailable).not.toBeInstanceOf(SessionRejectedError);
    expect(tokenStorage.getRefreshToken()).toBe('old-refresh');
  });

  it('without a refresh token there is no session to keep', async () => {
    tokenStorage.clearTokens();
    const fetchImpl = vi.fn();
    await expect(createSessionRefresher('/graphql', fetchImpl as typeof fetch)()).rejects.toBeInstanceOf(SessionRejectedError);
    expect(fetchImpl).not.toHaveBeenCalled();
  });
});
