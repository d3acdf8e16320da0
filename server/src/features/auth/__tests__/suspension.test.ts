import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RawSocket } from '../../../../test/raw-ws';
import { startTestApp, type TestApp } from '../../../../test/harness';
import { account as verifiedAccount } from '../../bookings/__tests__/booking-fixtures';
import { CREATE_PROFILE, creatorInput } from '../../profiles/__tests__/fixtures';
import { UserRole } from '../../users/user.entity';
import { AUTH_MESSAGES } from '../auth.service';
import { SESSION_REVOKED_MESSAGE } from '../../../platform/auth/sessions';
import { PASSWORD, signUp } from './account-helpers';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app?.close();
});

const SEND = `mutation ($c: ID!, $t: String!) { sendMessage(conversationId: $c, text: $t) { id } }`;

describe('suspended means suspended', () => {
  it('support suspends an account: its sessions end at once (HTTP, refresh, sockets), it cannot sign in, send or receive messages; lifting it restores sign-in', async () => {
    const support = await verifiedAccount(app, 'brand', UserRole.SUPPORT);
    const brand = await signUp(app, 'brand');
    const creator = await verifiedAccount(app, 'creator');
    const profile = await app.gql(CREATE_PROFILE, { input: creatorInput() }, creator.token);
    const started = await app.gql(`mutation ($c: ID!) { startConversation(creatorId: $c, text: "Hello!") { id } }`, { c: profile.body.data.createProfile.id }, brand.accessToken);
    const conversationId = started.body.data.startConversation.id as string;
    const socket = new RawSocket(app.url);
    expect(await socket.init({ authorization: `Bearer ${brand.accessToken}` })).toBe(true);
    socket.subscribe('1', 'subscription { bookingUpdated { id } }');

    // Nobody but support may suspend.
    expect((await app.rest('POST', `/support/users/${brand.userId}/suspend`, { reason: 'Spam messages' }, creator.token)).status).toBe(403);
    const suspended = await app.rest('POST', `/support/users/${brand.userId}/suspend`, { reason: 'Spam messages' }, support.token);
    expect(suspended.status).toBe(200);

    expect(await app.rest('GET', '/auth/me', undefined, brand.accessToken)).toMatchObject({ status: 401, body: { error: SESSION_REVOKED_MESSAGE } });
    expect((await socket.waitClosed())?.code).toBe(4401);
    expect((await app.rest('POST', '/auth/refresh', { refreshToken: brand.refreshToken })).status).toBe(401);
    const login = await app.rest('POST', '/auth/login', { email: brand.email, password: PASSWORD });
    expect(login).toMatchObject({ status: 403, body: { code: 'FORBIDDEN', error: AUTH_MESSAGES.suspended } });
    // A wrong password does not learn about the suspension.
    expect((await app.rest('POST', '/auth/login', { email: brand.email, password: 'not the password at all' })).status).toBe(401);

    // The creator cannot message the suspended account.
    const toSuspended = await app.gql(SEND, { c: conversationId, t: 'Are you there?' }, creator.token);
    expect(toSuspended.body.errors[0]).toMatchObject({ message: 'This account is suspended: it cannot receive messages', extensions: { code: 'FORBIDDEN' } });

    // Lifted: signs in again, and the thread works again both ways.
    expect((await app.gql(`mutation ($u: String!) { unsuspendUser(userId: $u) { id } }`, { u: brand.userId }, support.token)).body.errors).toBeUndefined();
    const back = await app.rest('POST', '/auth/login', { email: brand.email, password: PASSWORD });
    expect(back.status).toBe(200);
    expect((await app.gql(SEND, { c: conversationId, t: 'Back again' }, back.body.data.tokens.accessToken)).body.errors).toBeUndefined();
  });

  it('a suspended sender (suspended without going through support: e.g. directly in the database) cannot send messages', async () => {
    const brand = await verifiedAccount(app);
    const creator = await verifiedAccount(app, 'creator');
    const profile = await app.gql(CREATE_PROFILE, { input: creatorInput() }, creator.token);
    const started = await app.gql(`mutation ($c: ID!) { startConversation(creatorId: $c, text: "Hello!") { id } }`, { c: profile.body.data.createProfile.id }, brand.token);
    await app.orm.em.fork().getConnection().execute('update users set suspended_at = now() where id = ?', [creator.userId]);
    const res = await app.gql(SEND, { c: started.body.data.startConversation.id, t: 'Hi' }, creator.token);
    expect(res.body.errors[0]).toMatchObject({ message: 'Your account is suspended: you cannot send messages', extensions: { code: 'FORBIDDEN' } });
  });
});
