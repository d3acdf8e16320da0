import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, uniqueEmail, type TestApp } from '../../../../test/harness';

/**
 * Account lines in the bell: what the person just asked for on screen (the sign-up's verification
 * link) is listed but not counted; a changed password is an alert, counted until read.
 */
let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app?.close();
});

const BELL = `{ unreadNotificationCount notifications(first: 10) { edges { node { type readAt } } } }`;

describe('account lines in the bell', () => {
  it("sign-up's verification link is listed read; a changed password is counted unread", async () => {
    const signUp = await app.rest('POST', '/auth/register', { email: uniqueEmail('bell'), password: 'old-secret-pass-9', accountType: 'brand' });
    expect(signUp.status).toBe(201);
    const token = signUp.body.data.tokens.accessToken;
    const first = (await app.gql(BELL, {}, token)).body.data;
    expect(first.unreadNotificationCount).toBe(0);
    expect(first.notifications.edges.map((e: { node: { type: string; readAt: string | null } }) => [e.node.type, e.node.readAt !== null])).toEqual([['account.verify_email', true]]);

    const changed = await app.rest('POST', '/users/change-password', { currentPassword: 'old-secret-pass-9', newPassword: 'plum-kettle-orbit-42' }, token);
    expect(changed.status).toBe(200);
    const after = (await app.gql(BELL, {}, changed.body.data.tokens.accessToken)).body.data;
    expect(after.unreadNotificationCount).toBe(1);
    expect(after.notifications.edges[0].node).toMatchObject({ type: 'account.password_changed', readAt: null });
  });
});
