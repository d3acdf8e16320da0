import { ApolloLink, Observable, execute, gql, toPromise, type FetchResult } from '@apollo/client';
import { describe, expect, it, vi } from 'vitest';
import { createSessionRefresher } from '../../features/auth/lib/session-refresher';
import { tokenStorage } from '../../features/auth/lib/token-storage';
import { createTokenRefreshLink } from '../links/token-refresh-link';

const ME = gql`
  query Me {
    me {
      id
    }
  }
`;
const LOGIN = gql`
  mutation Login {
    login {
      id
    }
  }
`;

const unauthenticated: FetchResult = {
  errors: [{ message: 'Not signed in', extensions: { code: 'UNAUTHENTICATED' } }],
};
const ok: FetchResult = { data: { me: { id: 'u1' } } };

/** A fake server answering UNAUTHENTICATED until the bearer is "fresh". */
function fakeServer() {
  const seen: (string | undefined)[] = [];
  const link = new ApolloLink((operation) => {
    const authorization = operation.getContext().headers?.authorization as string | undefined;
    seen.push(authorization);
    return Observable.of(authorization === 'Bearer fresh' ? ok : unauthenticated);
  });
  return { link, seen };
}

describe('token refresh link', () => {
  it('refreshes once on UNAUTHENTICATED and replays the operation with the new token', async () => {
    const server = fakeServer();
    const refresh = vi.fn().mockResolvedValue('fresh');
    const onRefreshFailed = vi.fn();
    const link = createTokenRefreshLink({ refresh, onRefreshFailed, skipOperations: new Set(['Login']) }).concat(
      server.link,
    );

    const result = await toPromise(execute(link, { query: ME }));

    expect(result).toEqual(ok);
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(server.seen).toEqual([undefined, 'Bearer fresh']);
    expect(onRefreshFailed).not.toHaveBeenCalled();
  });

  it('gives up after a failed refresh and reports the original error', async () => {
    const server = fakeServer();
    const onRefreshFailed = vi.fn();
    const link = createTokenRefreshLink({
      refresh: () => Promise.reject(new Error('Session expired')),
      onRefreshFailed,
      skipOperations: new Set(),
    }).concat(server.link);

    const result = await toPromise(execute(link, { query: ME }));

    expect(result).toEqual(unauthenticated);
    expect(onRefreshFailed).toHaveBeenCalledTimes(1);
  });

  it('never refreshes for a failed sign-in', async () => {
    const server = fakeServer();
    const refresh = vi.fn().mockResolvedValue('fresh');
    const link = createTokenRefreshLink({
      refresh,
      onRefreshFailed: vi.fn(),
      skipOperations: new Set(['Login']),
    }).concat(server.link);

    const result = await toPromise(execute(link, { query: LOGIN }));

    expect(result).toEqual(unauthenticated);
    expect(refresh).not.toHaveBeenCalled();
  });
});

describe('session refresher', () => {
  it('shares one refresh request between concurrent callers and stores the new pair', async () => {
    tokenStorage.setTokens({ accessToken: 'old', refreshToken: 'refresh-old' });
    const fetchImpl = vi.fn(
      async () =>
        new Response(
          JSON.stringify({
            data: { refreshToken: { accessToken: 'new', refreshToken: 'refresh-new', accessTokenExpiresAt: 'x' } },
          }),
          { status: 200, headers: { 'content-type': 'application/json' } },
        ),
    );
    const refresh = createSessionRefresher('/graphql', fetchImpl);

    const tokens = await Promise.all([refresh(), refresh(), refresh()]);

    expect(tokens).toEqual(['new', 'new', 'new']);
    expect(fetchImpl).toHaveBeenCalledTimes(1);
    expect(tokenStorage.getAccessToken()).toBe('new');
    expect(tokenStorage.getRefreshToken()).toBe('refresh-new');
  });

  it('fails without a refresh token', async () => {
    const fetchImpl = vi.fn();
    await expect(createSessionRefresher('/graphql', fetchImpl)()).rejects.toThrow();
    expect(fetchImpl).not.toHaveBeenCalled();
  });
});
