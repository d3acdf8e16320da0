import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, uniqueEmail, type TestApp } from '../../../../test/harness';
import { account as verifiedAccount } from '../../bookings/__tests__/booking-fixtures';
import { CREATE_PROFILE, creatorInput, insertSlots } from '../../profiles/__tests__/fixtures';
import { deliveryRows } from '../../mail/__tests__/mail-helpers';
import { VERIFICATION_MESSAGES } from '../email-verification';
import { inbox, PASSWORD, signUp, theMail, tokenOf } from './account-helpers';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app?.close();
});

const VERIFY_SUBJECT = 'Confirm your e-mail address';
const CREATE_KEY = `mutation { createApiKey(input: { name: "Agency" }) { secret } }`;
const CREATE_ENDPOINT = `mutation { createWebhookEndpoint(input: { url: "https://example.com/hook", eventTypes: ["booking.created"] }) { secret } }`;
const LISTING = `query { creators(first: 50) { edges { node { id } } } }`;
const CREATOR = `query ($id: ID!) { creator(id: $id) { id isAvailable } }`;
const me = async (token: string) => (await app.rest('GET', '/auth/me', undefined, token)).body.data.user;
const listed = async (profileId: string) => {
  const res = await app.gql(LISTING, {}, undefined);
  return res.body.data.creators.edges.some((e: { node: { id: string } }) => e.node.id === profileId);
};

describe('verified e-mail', () => {
  it('sign-up e-mails a link; until it is opened the creator is not listed or bookable and cannot set up payouts, API keys or webhooks; then all of it works', async () => {
    const creator = await signUp(app, 'creator');
    expect(await me(creator.accessToken)).toMatchObject({ email: creator.email, email_verified: false });
    const profile = await app.gql(CREATE_PROFILE, { input: creatorInput() }, creator.accessToken);
    const profileId = profile.body.data.createProfile.id as string;
    await insertSlots(app, profileId, [new Date(Date.now() + 3 * 86_400_000)]);

    expect(await listed(profileId)).toBe(false);
    expect((await app.gql(CREATOR, { id: profileId })).body.errors[0].extensions.code).toBe('NOT_FOUND');
    const brand = await verifiedAccount(app);
    const start = new Date(Date.now() + 3 * 86_400_000);
    const checkout = await app.rest('POST', '/bookings', { streamerId: profileId, startTime: start.toISOString(), endTime: new Date(start.getTime() + 3_600_000).toISOString() }, brand.token);
    expect(checkout.status).toBe(400);

    const payouts = await app.rest('POST', '/stripe/create-account', {}, creator.accessToken);
    expect(payouts).toMatchObject({ status: 403, body: { code: 'EMAIL_NOT_VERIFIED' } });
    expect(payouts.body.error).toMatch(/^Verify your e-mail address to set up payouts: open the link we e-mailed you/);
    const key = await app.gql(CREATE_KEY, {}, creator.accessToken);
    expect(key.body.errors[0]).toMatchObject({ extensions: { code: 'EMAIL_NOT_VERIFIED' } });
    expect(key.body.errors[0].message).toMatch(/create API keys/);
    const hook = await app.gql(CREATE_ENDPOINT, {}, creator.accessToken);
    expect(hook.body.errors[0]).toMatchObject({ extensions: { code: 'EMAIL_NOT_VERIFIED' } });

    const mail = await theMail(app, creator.email, VERIFY_SUBJECT);
    expect(mail.text).toContain('48 hours');
    const token = tokenOf(mail, '/verify-email');
    const verified = await app.rest('POST', '/auth/verify-email', { token });
    expect(verified).toMatchObject({ status: 200, body: { data: { user: { email: creator.email, email_verified: true } } } });
    expect((await app.gql(`query { me { emailVerified } }`, {}, creator.accessToken)).body.data.me.emailVerified).toBe(true);

    expect(await listed(profileId)).toBe(true);
    expect((await app.gql(CREATOR, { id: profileId })).body.data.creator).toMatchObject({ id: profileId, isAvailable: true });
    expect((await app.rest('POST', '/stripe/create-account', {}, creator.accessToken)).status).toBe(200);
    expect((await app.gql(CREATE_KEY, {}, creator.accessToken)).body.data.createApiKey.secret).toBeTruthy();

    // The link is single use.
    expect(await app.rest('POST', '/auth/verify-email', { token })).toMatchObject({ status: 400, body: { error: VERIFICATION_MESSAGES.invalidLink } });
  });

  it('an unverified address gets no notification e-mail (only account ones): a message to it is not e-mailed', async () => {
    const brand = await signUp(app, 'brand');
    const creator = await verifiedAccount(app, 'creator');
    const profile = await app.gql(CREATE_PROFILE, { input: creatorInput() }, creator.token);
    const profileId = profile.body.data.createProfile.id as string;
    const started = await app.gql(`mutation ($c: ID!) { startConversation(creatorId: $c, text: "Hello there") { id } }`, { c: profileId }, brand.accessToken);
    const conversationId = started.body.data.startConversation.id as string;
    const reply = await app.gql(`mutation ($c: ID!) { sendMessage(conversationId: $c, text: "Hi! Write to me any time") { id } }`, { c: conversationId }, creator.token);
    expect(reply.body.errors).toBeUndefined();
    app.clock.advance(11 * 60_000);
    try {
      await inbox(app, brand.email);
    } finally {
      app.clock.set(new Date());
    }
    const rows = await deliveryRows(app, brand.userId);
    expect(rows.find((r) => r.topic === 'message.created')).toMatchObject({ status: 'skipped', skip_reason: 'address not verified' });
    expect((await inbox(app, brand.email)).map((m) => m.subject)).toEqual([VERIFY_SUBJECT]);
  });

  it('resend (signed in) sends a new link, is throttled, and refuses an address already verified', async () => {
    const user = await signUp(app);
    const resend = () => app.rest('POST', '/auth/resend-verification', {}, user.accessToken);
    expect((await app.rest('POST', '/auth/resend-verification', {})).status).toBe(401);
    for (let i = 0; i < 5; i++) expect((await resend()).status).toBe(200);
    expect(await resend()).toMatchObject({ status: 429, body: { code: 'RATE_LIMITED' } });
    const mails = (await inbox(app, user.email)).filter((m) => m.subject === VERIFY_SUBJECT);
    expect(mails).toHaveLength(6);
    // Any of the links works (each once).
    expect((await app.rest('POST', '/auth/verify-email', { token: tokenOf(mails[3], '/verify-email') })).status).toBe(200);
    const gql = await app.gql(`mutation { resendVerificationEmail { message } }`, {}, user.accessToken);
    expect(gql.body.errors[0]).toMatchObject({ message: VERIFICATION_MESSAGES.alreadyVerified, extensions: { code: 'BAD_USER_INPUT' } });
  });

  it('a change of address asks for the password, tells the old address, and takes effect only when the new one is verified', async () => {
    const user = await signUp(app);
    const newEmail = uniqueEmail('moved');
    const change = (password: string) => app.rest('POST', '/auth/change-email', { newEmail, password }, user.accessToken);
    expect(await change('not my password')).toMatchObject({ status: 400, body: { code: 'BAD_USER_INPUT', error: 'Current password is incorrect' } });
    expect((await change(PASSWORD)).status).toBe(200);
    expect(await me(user.accessToken)).toMatchObject({ email: user.email });

    const notice = await theMail(app, user.email, 'A change of your CollabHub e-mail address was requested');
    expect(notice.text).toContain(newEmail);
    const link = await theMail(app, newEmail, VERIFY_SUBJECT);
    expect((await app.rest('POST', '/auth/login', { email: newEmail, password: PASSWORD })).status).toBe(401);

    const done = await app.gql(`mutation ($t: String!) { verifyEmail(token: $t) { email emailVerified } }`, { t: tokenOf(link, '/verify-email') });
    expect(done.body.data.verifyEmail).toEqual({ email: newEmail, emailVerified: true });
    expect(await me(user.accessToken)).toMatchObject({ email: newEmail, email_verified: true });
    expect((await app.rest('POST', '/auth/login', { email: newEmail, password: PASSWORD })).status).toBe(200);
    expect((await app.rest('POST', '/auth/login', { email: user.email, password: PASSWORD })).status).toBe(401);
  });

  it('a bad token is a 400 naming the field and changes nothing', async () => {
    const missing = await app.rest('POST', '/auth/verify-email', {});
    expect(missing).toMatchObject({ status: 400, body: { code: 'BAD_USER_INPUT', field: 'token' } });
    expect(missing.body.error).toMatch(/token is required/);
    expect(await app.rest('POST', '/auth/verify-email', { token: 'x'.repeat(43) })).toMatchObject({ status: 400, body: { error: VERIFICATION_MESSAGES.invalidLink } });
  });
});
