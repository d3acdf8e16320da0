import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { RawSocket } from '../../../../test/raw-ws';
import { startTestApp, uniqueEmail, type TestApp } from '../../../../test/harness';
import { SESSION_REVOKED_MESSAGE } from '../../../platform/auth/sessions';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app?.close();
});

const PASSWORD = 'correct horse battery staple 42';
const ME = `query { me { id } }`;
const BOOKING_UPDATED = `subscription { bookingUpdated { id status } }`;

interface Session {
  accessToken: string;
  refreshToken: string;
}

async function signUp(): Promise<{ email: string; first: Session }> {
  const email = uniqueEmail('signout');
  const res = await app.rest('POST', '/auth/register', { email, password: PASSWORD, accountType: 'brand' });
  expect(res.status).toBe(201);
  return { email, first: res.body.data.tokens };
}
async function signIn(email: string, password = PASSWORD): Promise<Session> {
  const res = await app.rest('POST', '/auth/login', { email, password });
  expect(res.status).toBe(200);
  return res.body.data.tokens;
}
/** Whether the access token still works, on REST and on GraphQL (both must agree). */
async function works(token: string): Promise<boolean> {
  const rest = await app.rest('GET', '/auth/me', undefined, token);
  const gql = await app.gql(ME, {}, token);
  if (rest.status === 200) {
    expect(gql.body.data?.me?.id).toBeTruthy();
    return true;
  }
  expect(rest.status).toBe(401);
  expect(rest.body).toMatchObject({ error: SESSION_REVOKED_MESSAGE, code: 'UNAUTHENTICATED' });
  expect(gql.body.errors[0]).toMatchObject({ message: SESSION_REVOKED_MESSAGE, extensions: { code: 'UNAUTHENTICATED' } });
  return false;
}
/** A signed-in socket with a live subscription. */
async function liveSocket(token: string): Promise<RawSocket> {
  const socket = new RawSocket(app.url);
  expect(await socket.init({ authorization: `Bearer ${token}` })).toBe(true);
  socket.subscribe('1', BOOKING_UPDATED);
  return socket;
}

describe('signing out means signed out', () => {
  it('logout revokes that session at once on HTTP and closes its sockets; the other session stays signed in', async () => {
    const { email, first } = await signUp();
    const second = await signIn(email);
    expect(await works(first.accessToken)).toBe(true);
    const firstSocket = await liveSocket(first.accessToken);
    const secondSocket = await liveSocket(second.accessToken);

    const out = await app.rest('POST', '/auth/logout', { refreshToken: first.refreshToken }, first.accessToken);
    expect(out.status).toBe(200);

    expect(await works(first.accessToken)).toBe(false);
    expect(await firstSocket.waitClosed()).toEqual({ code: 4401, reason: SESSION_REVOKED_MESSAGE });
    // A new socket with the signed-out token is refused.
    expect(await new RawSocket(app.url).init({ authorization: `Bearer ${first.accessToken}` })).toBe(false);

    expect(await works(second.accessToken)).toBe(true);
    expect(secondSocket.closed).toBeNull();
    secondSocket.close();
  });

  it('"log out everywhere" revokes every session of the account', async () => {
    const { email, first } = await signUp();
    const second = await signIn(email);
    const socket = await liveSocket(second.accessToken);
    const gql = await app.gql(`mutation { logout }`, {}, first.accessToken);
    expect(gql.body.data.logout).toBe(true);
    expect(await works(first.accessToken)).toBe(false);
    expect(await works(second.accessToken)).toBe(false);
    expect((await socket.waitClosed())?.code).toBe(4401);
    // Their refresh tokens are dead too.
    expect((await app.rest('POST', '/auth/refresh', { refreshToken: second.refreshToken })).status).toBe(401);
  });

  it('a password change revokes the sessions signed in with the old password; the new one it returns works', async () => {
    const { email, first } = await signUp();
    const other = await signIn(email);
    const socket = await liveSocket(other.accessToken);
    const changed = await app.rest('POST', '/users/change-password', { currentPassword: PASSWORD, newPassword: 'a brand new passphrase 77' }, first.accessToken);
    expect(changed.status).toBe(200);
    expect(await works(first.accessToken)).toBe(false);
    expect(await works(other.accessToken)).toBe(false);
    expect((await socket.waitClosed())?.code).toBe(4401);
    expect(await works(changed.body.data.tokens.accessToken)).toBe(true);
  });
});

describe('the session check between requests', () => {
  it('a user back after 30 s is not checked in the database again (a revocation reaches the cache through the bus)', async () => {
    const { email, first } = await signUp();
    const second = await signIn(email);
    expect(await works(first.accessToken)).toBe(true);
    expect(await works(second.accessToken)).toBe(true);
    const realNow = Date.now.bind(Date);
    const later = vi.spyOn(Date, 'now').mockImplementation(() => realNow() + 30_000);
    try {
      app.queries.length = 0;
      expect(await works(first.accessToken)).toBe(true);
      expect(app.queries.filter((q) => q.includes('refresh_tokens'))).toEqual([]);
      // Still signed out at once: logout clears the cached answer.
      expect((await app.rest('POST', '/auth/logout', { refreshToken: first.refreshToken }, first.accessToken)).status).toBe(200);
      expect(await works(first.accessToken)).toBe(false);
      expect(await works(second.accessToken)).toBe(true);
    } finally {
      later.mockRestore();
    }
  });

  it("many users' first requests read no session each: one statement per SESSION_CACHE_SECONDS per instance, which also finds a revocation made behind its back", async () => {
    const users: { email: string; first: Session }[] = [];
    for (let i = 0; i < 8; i++) users.push(await signUp());
    const realNow = Date.now.bind(Date);
    const later = vi.spyOn(Date, 'now').mockImplementation(() => realNow() + 61_000); // the last read of revocations is old
    try {
      app.queries.length = 0;
      for (const { first } of users) expect(await works(first.accessToken)).toBe(true);
      // Before: one statement per session seen for the first time (8 here); now one for all of them.
      expect(app.queries.filter((q) => q.includes('refresh_tokens'))).toHaveLength(1);
      // Revoked behind the server's back (an operator in SQL): no event; seen at the next read of revocations.
      await app.orm.em.fork().getConnection().execute('update refresh_tokens set revoked_at = ? where user_id = (select id from users where email = ?)', [app.clock.now(), users[0].email]);
      later.mockImplementation(() => realNow() + 122_000);
      expect(await works(users[0].first.accessToken)).toBe(false);
      expect(await works(users[1].first.accessToken)).toBe(true);
    } finally {
      later.mockRestore();
    }
  });
});

describe('every WebSocket operation checks the session', () => {
  it('a session revoked without a word on the event bus is refused at the next operation, and its socket closed', async () => {
    const strict = await startTestApp({ SESSION_CACHE_SECONDS: '0' });
    try {
      const email = uniqueEmail('signout');
      const res = await strict.rest('POST', '/auth/register', { email, password: PASSWORD, accountType: 'brand' });
      const { accessToken } = res.body.data.tokens;
      const socket = new RawSocket(strict.url);
      expect(await socket.init({ authorization: `Bearer ${accessToken}` })).toBe(true);
      socket.subscribe('1', ME);
      await socket.until(() => socket.messages.some((m) => m.id === '1' && m.type === 'complete'));
      expect(socket.messages.find((m) => m.id === '1' && m.type === 'next')?.payload.data.me.id).toBeTruthy();
      // Revoked behind the server's back (e.g. by an operator in SQL): no event, no cache to clear.
      await strict.orm.em.fork().getConnection().execute('update refresh_tokens set revoked_at = now() where token_hash is not null and user_id = (select id from users where email = ?)', [email]);
      socket.subscribe('2', BOOKING_UPDATED);
      expect(await socket.waitClosed()).toEqual({ code: 4401, reason: SESSION_REVOKED_MESSAGE });
      expect(socket.messages.find((m) => m.id === '2')).toMatchObject({ type: 'error', payload: [{ message: SESSION_REVOKED_MESSAGE }] });
    } finally {
      await strict.close();
    }
  });
});
