import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RawSocket } from '../../../../test/raw-ws';
import { startTestApp, uniqueEmail, type TestApp } from '../../../../test/harness';
import { FORGOT_PASSWORD_MIN_MS, RESET_MESSAGES } from '../password-reset';
import { SESSION_REVOKED_MESSAGE } from '../../../platform/auth/sessions';
import { inbox, PASSWORD, signUp, theMail, tokenOf } from './account-helpers';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app?.close();
});

const NEW_PASSWORD = 'violet lantern orbit 7 quietly';
const RESET_SUBJECT = 'Reset your CollabHub password';
const CHANGED_SUBJECT = 'Your CollabHub password was changed';
const forgot = (email: string) => app.rest('POST', '/auth/forgot-password', { email });
const reset = (token: string, password = NEW_PASSWORD) => app.rest('POST', '/auth/reset-password', { token, password });
const login = (email: string, password: string) => app.rest('POST', '/auth/login', { email, password });

describe('forgot password', () => {
  it('e-mails a one-time link; the new password signs out every session (HTTP and sockets); the same link again is refused', async () => {
    const user = await signUp(app);
    const socket = new RawSocket(app.url);
    expect(await socket.init({ authorization: `Bearer ${user.accessToken}` })).toBe(true);
    socket.subscribe('1', 'subscription { bookingUpdated { id } }');

    const asked = await forgot(user.email.toUpperCase());
    expect(asked).toEqual({ status: 200, body: { success: true, data: { message: RESET_MESSAGES.requested } } });
    const mail = await theMail(app, user.email, RESET_SUBJECT);
    expect(mail.text).toContain('60 minutes');
    const token = tokenOf(mail, '/reset-password');
    expect(new URL(mail.links.find((l) => l.includes('/reset-password'))!).origin).toBe(new URL(app.server.deps.mail.publicUrl()).origin);

    // Only the token's SHA-256 is stored; the event carries it sealed, never in clear.
    const db = app.orm.em.fork().getConnection();
    const [row] = await db.execute('select token_hash, expires_at, created_at from account_tokens where user_id = ? and purpose = ?', [user.userId, 'password_reset']);
    expect(row.token_hash).toBe(createHash('sha256').update(token).digest('hex'));
    expect(new Date(row.expires_at).getTime() - new Date(row.created_at).getTime()).toBe(60 * 60_000);
    const leaks = await db.execute(`select count(*)::int as n from outbox_event where payload::text like ?`, [`%${token}%`]);
    expect(leaks[0].n).toBe(0);

    const done = await reset(token);
    expect(done.status).toBe(200);
    expect(done.body.data.message).toBe(RESET_MESSAGES.done);

    // The old session is refused at once, its socket closed; the old password no longer works, the new one does.
    const me = await app.rest('GET', '/auth/me', undefined, user.accessToken);
    expect(me).toMatchObject({ status: 401, body: { error: SESSION_REVOKED_MESSAGE } });
    expect((await socket.waitClosed())?.code).toBe(4401);
    expect((await app.rest('POST', '/auth/refresh', { refreshToken: user.refreshToken })).status).toBe(401);
    expect((await login(user.email, PASSWORD)).status).toBe(401);
    expect((await login(user.email, NEW_PASSWORD)).status).toBe(200);

    // Single use.
    const again = await reset(token, 'another fine passphrase 99 zebra');
    expect(again).toMatchObject({ status: 400, body: { code: 'BAD_USER_INPUT', error: RESET_MESSAGES.invalidLink } });
    expect((await login(user.email, NEW_PASSWORD)).status).toBe(200);

    // "Your password was changed" follows.
    const changed = await theMail(app, user.email, CHANGED_SUBJECT);
    expect(changed.text).toContain('reset with an e-mailed link');
  });

  it('answers an unknown address exactly as a known one, in no less time, and e-mails nobody', async () => {
    const known = await signUp(app);
    const unknown = uniqueEmail('nobody');
    const timed = async (email: string) => {
      const started = performance.now();
      const res = await forgot(email);
      return { res, ms: performance.now() - started };
    };
    const a = await timed(known.email);
    const b = await timed(unknown);
    expect(b.res).toEqual(a.res);
    expect(a.ms).toBeGreaterThanOrEqual(FORGOT_PASSWORD_MIN_MS - 5);
    expect(b.ms).toBeGreaterThanOrEqual(FORGOT_PASSWORD_MIN_MS - 5);
    expect(await inbox(app, unknown)).toHaveLength(0);
    expect((await inbox(app, known.email)).filter((m) => m.subject === RESET_SUBJECT)).toHaveLength(1);
    // GraphQL mirrors it.
    const gql = await app.gql(`mutation ($e: String!) { requestPasswordReset(email: $e) { message } }`, { e: unknown });
    expect(gql.body.data.requestPasswordReset.message).toBe(RESET_MESSAGES.requested);
  });

  it('a link is void once the password changes by another route, and after 60 minutes', async () => {
    const user = await signUp(app);
    await forgot(user.email);
    const first = tokenOf(await theMail(app, user.email, RESET_SUBJECT), '/reset-password');
    const changed = await app.rest('POST', '/users/change-password', { currentPassword: PASSWORD, newPassword: NEW_PASSWORD }, user.accessToken);
    expect(changed.status).toBe(200);
    expect((await reset(first, 'third passphrase of mine 31 kiwi')).status).toBe(400);

    const other = await signUp(app);
    await forgot(other.email);
    const late = tokenOf(await theMail(app, other.email, RESET_SUBJECT), '/reset-password');
    app.clock.advance(61 * 60_000);
    try {
      expect(await reset(late)).toMatchObject({ status: 400, body: { error: RESET_MESSAGES.invalidLink } });
    } finally {
      app.clock.set(new Date());
    }
    expect((await login(other.email, PASSWORD)).status).toBe(200);
  });

  it('a weak or oversized new password is refused naming the field and leaves the link usable', async () => {
    const user = await signUp(app);
    await forgot(user.email);
    const token = tokenOf(await theMail(app, user.email, RESET_SUBJECT), '/reset-password');
    const long = await reset(token, 'x'.repeat(129));
    expect(long).toMatchObject({ status: 400, body: { code: 'BAD_USER_INPUT', error: 'password must be at most 128 characters' } });
    const weak = await reset(token, 'password123');
    expect(weak.status).toBe(400);
    expect(weak.body.error).toMatch(/^password is too easy to guess/);
    // The account's own words count against it.
    const local = user.email.split('@')[0];
    expect((await reset(token, `${local}collabhub`)).body.error).toMatch(/^password is too easy to guess/);
    const gql = await app.gql(`mutation ($t: String!, $p: String!) { resetPassword(input: { token: $t, password: $p }) { message } }`, { t: token, p: NEW_PASSWORD });
    expect(gql.body.data.resetPassword.message).toBe(RESET_MESSAGES.done);
  });

  it('requests are throttled per address: the sixth in an hour is refused (429) whether or not the address has an account', async () => {
    const user = await signUp(app);
    const nobody = uniqueEmail('nobody');
    for (let i = 0; i < 5; i++) {
      expect((await forgot(user.email)).status).toBe(200);
      expect((await forgot(nobody)).status).toBe(200);
    }
    const a = await forgot(user.email);
    const b = await forgot(nobody);
    expect(a.status).toBe(429);
    expect(b.status).toBe(429);
    expect(a.body.error).toBe(b.body.error);
    expect((await inbox(app, user.email)).filter((m) => m.subject === RESET_SUBJECT)).toHaveLength(5);
  });
});
