import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../../test/harness';
import { gqlError, registerUser, signedUpWithProfile, sql } from './payments-fixtures';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

const connectStatus = (token?: string) => app.rest('GET', '/stripe/connect-status', undefined, token);
const profileRow = async (id: string) => (await sql(app, 'select * from profiles where id = ?', [id]))[0];

/** What a browser does with the onboarding link: open the page, press "Complete setup", follow the redirect. */
async function completeOnboarding(url: string) {
  const page = await fetch(new URL(url, app.url));
  const html = await page.text();
  const action = /<form method="post" action="([^"]+)">/.exec(html)?.[1];
  const link = /name="link" value="([^"]+)"/.exec(html)?.[1];
  const done = await fetch(new URL(action!.replace(/&amp;/g, '&'), app.url), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ link: link! }).toString(),
    redirect: 'manual',
  });
  return { page, html, done };
}

describe('payment-provider connect (local onboarding pages)', () => {
  it('a creator connects: create-account, the setup page, Complete setup, then fully connected', async () => {
    const creator = await signedUpWithProfile(app, 'creator');
    expect((await connectStatus(creator.token)).body).toEqual({
      success: true,
      data: { connected: false, onboarding_complete: false, charges_enabled: false, payouts_enabled: false },
    });

    const created = await app.rest('POST', '/stripe/create-account', { returnUrl: '/dashboard?tab=profile' }, creator.token);
    expect(created.status).toBe(200);
    const url: string = created.body.data.url;
    expect(url).toMatch(/^\/api\/v1\/local-payments\/onboarding\/acct_local_[A-Za-z0-9]+\?link=link_local_/);
    expect((await connectStatus(creator.token)).body.data).toEqual({ connected: true, onboarding_complete: false, charges_enabled: false, payouts_enabled: false });

    const { page, html, done } = await completeOnboarding(url);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    expect(html).toContain('Complete setup');
    expect(html).not.toMatch(/(src|href)=["']?(https?:)?\/\//); // self-contained: nothing loads from elsewhere
    expect(done.status).toBe(303);
    expect(done.headers.get('location')).toBe('/dashboard?tab=profile');

    expect((await connectStatus(creator.token)).body.data).toEqual({ connected: true, onboarding_complete: true, charges_enabled: true, payouts_enabled: true });
    expect(await profileRow(creator.profileId)).toMatchObject({ onboarding_complete: true, charges_enabled: true, payouts_enabled: true, is_verified: false });
  });

  it('a brand that completes onboarding becomes verified', async () => {
    const brand = await signedUpWithProfile(app, 'brand');
    const { body } = await app.rest('POST', '/stripe/create-account', {}, brand.token);
    const { done } = await completeOnboarding(body.data.url);
    expect(done.headers.get('location')).toBe('/dashboard?connect=return');
    expect(await profileRow(brand.profileId)).toMatchObject({ is_verified: true, onboarding_complete: true });
  });

  it('creates one account per profile; each request gets a fresh link', async () => {
    const creator = await signedUpWithProfile(app, 'creator');
    const [a, b] = await Promise.all([
      app.rest('POST', '/stripe/create-account', {}, creator.token),
      app.rest('POST', '/stripe/create-account', {}, creator.token),
    ]);
    const account = (url: string) => url.split('/').at(-1)!.split('?')[0];
    expect(account(a.body.data.url)).toBe(account(b.body.data.url));
    expect(a.body.data.url).not.toBe(b.body.data.url);
    expect(await sql(app, 'select id from local_accounts where user_id = ?', [creator.userId])).toHaveLength(1);
  });

  it('a setup link works once and expires; a used or stale link goes back to the refresh page', async () => {
    const creator = await signedUpWithProfile(app, 'creator');
    const first = (await app.rest('POST', '/stripe/create-account', {}, creator.token)).body.data.url;
    app.clock.advance(31 * 60_000);
    const stale = await fetch(new URL(first, app.url), { redirect: 'manual' });
    expect(stale.status).toBe(303);
    expect(stale.headers.get('location')).toBe('/dashboard?connect=refresh');
    app.clock.advance(-31 * 60_000); // back to now, so the creator's access token is valid again
    expect((await connectStatus(creator.token)).body.data.onboarding_complete).toBe(false);

    const second = (await app.rest('POST', '/stripe/create-account', {}, creator.token)).body.data.url;
    await completeOnboarding(second);
    const reused = await fetch(new URL(second, app.url), { redirect: 'manual' });
    expect(reused.headers.get('location')).toBe('/dashboard?connect=refresh');
    const forged = await fetch(new URL(second.replace(/link=.*/, 'link=link_local_guess'), app.url));
    expect(forged.status).toBe(404);
    expect(await forged.text()).toContain('This setup link is not valid.');
  });

  it('refuses return URLs off this site, anonymous callers and users without a profile', async () => {
    const creator = await signedUpWithProfile(app, 'creator');
    for (const returnUrl of ['https://evil.example/steal', '//evil.example', 'javascript:alert(1)']) {
      const res = await app.rest('POST', '/stripe/create-account', { returnUrl }, creator.token);
      expect(res.status).toBe(400);
      expect(res.body.error).toBe('returnUrl must be a path on this site');
    }
    expect((await app.rest('POST', '/stripe/create-account', {})).status).toBe(401);
    expect((await connectStatus()).status).toBe(401);
    const noProfile = await registerUser(app, 'creator');
    const res = await app.rest('POST', '/stripe/create-account', {}, noProfile.token);
    expect(res.status).toBe(404);
    expect(res.body.error).toBe('Create your profile before connecting a payment account');
  });

  it('works over GraphQL: connectStatus and createConnectAccount', async () => {
    const creator = await signedUpWithProfile(app, 'creator');
    const status = '{ connectStatus { connected onboardingComplete chargesEnabled payoutsEnabled } }';
    expect((await app.gql(status, {}, creator.token)).body.data.connectStatus).toEqual({
      connected: false,
      onboardingComplete: false,
      chargesEnabled: false,
      payoutsEnabled: false,
    });
    const created = await app.gql('mutation { createConnectAccount(returnUrl: "/dashboard") { url } }', {}, creator.token);
    await completeOnboarding(created.body.data.createConnectAccount.url);
    expect((await app.gql(status, {}, creator.token)).body.data.connectStatus).toEqual({
      connected: true,
      onboardingComplete: true,
      chargesEnabled: true,
      payoutsEnabled: true,
    });
    expect(gqlError((await app.gql(status)).body).code).toBe('UNAUTHENTICATED');
  });
});

describe('POST /testing/add-funds', () => {
  it('adds $500 by default and the given amount otherwise', async () => {
    const user = await registerUser(app, 'creator');
    const first = await app.rest('POST', '/testing/add-funds', {}, user.token);
    expect(first.status).toBe(200);
    expect(first.body.data.amount_added).toBe(50_000);
    const second = await app.rest('POST', '/testing/add-funds', { amount: 1_234 }, user.token);
    expect(second.body.data).toEqual({ amount_added: 1_234, new_available_balance: first.body.data.new_available_balance + 1_234 });

    const gql = await app.gql('mutation { addTestFunds(amountCents: 100) { amountAddedCents newAvailableBalanceCents } }', {}, user.token);
    expect(gql.body.data.addTestFunds).toEqual({ amountAddedCents: 100, newAvailableBalanceCents: second.body.data.new_available_balance + 100 });
  });

  it('refuses bad amounts and anonymous callers', async () => {
    const user = await registerUser(app);
    for (const amount of [0, -5, 12.5, 1_000_001, 'lots']) {
      const res = await app.rest('POST', '/testing/add-funds', { amount }, user.token);
      expect(res.status).toBe(400);
      expect(res.body.field).toBe('amount');
    }
    expect((await app.rest('POST', '/testing/add-funds', {})).status).toBe(401);
  });
});

describe('POST /testing/add-funds in production', () => {
  it('is disabled', async () => {
    const prod = await startTestApp({ NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(40) });
    try {
      const { body } = await prod.rest('POST', '/auth/register', { email: `prod.${Date.now()}@example.test`, password: 'correct horse battery', accountType: 'creator' });
      const res = await prod.rest('POST', '/testing/add-funds', {}, body.data.tokens.accessToken);
      expect(res.status).toBe(403);
      expect(res.body.error).toBe('Test funds are disabled in production');
      expect(await prod.orm.em.fork().getConnection().execute('select available_cents from local_platform_balance')).toEqual([{ available_cents: '0' }]);
    } finally {
      await prod.close();
    }
  });
});
