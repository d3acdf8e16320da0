import { ApolloError, ApolloLink, Observable, execute, gql, toPromise, type FetchResult } from '@apollo/client';
import { describe, expect, it, vi } from 'vitest';
import { createSessionRefresher, SessionRejectedError } from '../../features/auth/lib/session-refresher';
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

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

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

  it('refreshes when the server refuses a subscription with UNAUTHENTICATED (token expired on an open socket)', async () => {
    const seen: (string | undefined)[] = [];
    const socket = new ApolloLink((operation) => {
      const authorization = operation.getContext().headers?.authorization as string | undefined;
      seen.push(authorization);
      return authorization === 'Bearer fresh'
        ? Observable.of(ok)
        : new Observable<FetchResult>((observer) =>
            observer.error(new ApolloError({ graphQLErrors: unauthenticated.errors as never })),
          );
    });
    const refresh = vi.fn().mockResolvedValue('fresh');
    const link = createTokenRefreshLink({ refresh, onRefreshFailed: vi.fn(), skipOperations: new Set() }).concat(socket);

    const result = await toPromise(execute(link, { query: ME }));

    expect(result).toEqual(ok);
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(seen).toEqual([undefined, 'Bearer fresh']);
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

  it('fails without a refresh token: the session is over', async () => {
    tokenStorage.clearTokens();
    const fetchImpl = vi.fn();
    await expect(createSessionRefresher('/graphql', fetchImpl)()).rejects.toBeInstanceOf(SessionRejectedError);
    expect(fetchImpl).not.toHaveBeenCalled();
  });

  it('a refused refresh token ends the session (SessionRejectedError)', async () => {
    tokenStorage.setTokens({ accessToken: 'old', refreshToken: 'refresh-old' });
    const fetchImpl = vi.fn(async () =>
      json(200, { data: null, errors: [{ message: 'Refresh token was already used', extensions: { code: 'UNAUTHENTICATED' } }] }),
    );
    const error = await createSessionRefresher('/graphql', fetchImpl)().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SessionRejectedError);
    expect((error as Error).message).toBe('Refresh token was already used');
  });

  it('a refresh cut off in transit (page reload, offline) or a server error is not a rejection', async () => {
    tokenStorage.setTokens({ accessToken: 'old', refreshToken: 'refresh-old' });
    const offline = vi.fn(() => Promise.reject(new TypeError('Failed to fetch')));
    const cutOff = await createSessionRefresher('/graphql', offline)().catch((e: unknown) => e);
    expect(cutOff).toBeInstanceOf(Error);
    expect(cutOff).not.toBeInstanceOf(SessionRejectedError);

    const busy = vi.fn(async () => json(503, { errors: [{ message: 'Service unavailable' }] }));
    const unavailable = await createSessionRefresher('/graphql', busy)().catch((e: unknown) => e);
    expect(unavailable).not.toBeInstanceOf(SessionRejectedError);
    expect(tokenStorage.getRefreshToken()).toBe('refresh-old');
  });
});
