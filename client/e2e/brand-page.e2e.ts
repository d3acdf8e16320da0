import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gql, verifiedAccount } from './support/api';
import { expectAccessible, launchBrowser, newActor, step, type Actor } from './support/browser';
import { startE2EServer, type E2EServer } from './support/server';
import { signIn } from './support/ui';

/**
 * Who books a creator: a brand (set up over the API) requests an hour and writes; the creator opens
 * Bookings, sees the brand on the request card (logo, name, rating, about, "View brand"), follows
 * the link to the brand page, and sees the brand in the conversation header under Messages. A visitor
 * without an account opens the brand page too; an unknown brand link says so. Screenshots at 1280 and
 * 390 px into SHOTS_DIR (default /work/shots/brand).
 */

const SHOTS_DIR = process.env.SHOTS_DIR ?? '/work/shots/brand';
const PASSWORD = 'correct-horse-battery-9';
const CREATOR = { email: 'rae@creators.test', name: 'Rae Streams' };
const BRAND = {
  email: 'team@acme-drinks.test',
  name: 'Acme Drinks',
  about: 'We make fizzy drinks for gamers and sponsor cozy streams. Every collab comes with a clear brief and fast payment.',
};

let server: E2EServer;
let browser: Browser;
let creator: Actor;
let visitor: Actor;
let brandId = '';

/** A dashboard tab, whatever unread count its name carries ("Bookings, 1 unread"). */
async function openTab(page: Page, name: 'Bookings' | 'Messages') {
  const tab = page.getByRole('tab', { name: new RegExp(`^${name}`) });
  await tab.click();
  await expect.poll(() => tab.getAttribute('aria-selected'), { timeout: 30_000 }).toBe('true');
}

async function shot(page: Page, name: string) {
  await mkdir(SHOTS_DIR, { recursive: true });
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth), `${name} at ${width} scrolls sideways`).toBeLessThanOrEqual(0);
    await page.screenshot({ path: path.join(SHOTS_DIR, `${name}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

beforeAll(async () => {
  server = await startE2EServer();
  browser = await launchBrowser();
  creator = await newActor(browser, 'creator', server.url);
  visitor = await newActor(browser, 'visitor', server.url);

  // The creator, with one free hour three days from now.
  const creatorToken = await verifiedAccount(server.url, 'CREATOR', CREATOR.email, PASSWORD);
  const { createProfile: creatorProfile } = await gql(
    server.url,
    `mutation ($input: CreateProfileInput!) { createProfile(input: $input) { id } }`,
    { input: { displayName: CREATOR.name, hourlyRateCents: 5000, platforms: ['TWITCH'], twitchUsername: 'rae_streams' } },
    creatorToken,
  );
  const start = new Date(Math.ceil(Date.now() / 3_600_000) * 3_600_000 + 72 * 3_600_000);
  const end = new Date(start.getTime() + 3_600_000);
  await gql(server.url, `mutation ($input: AddAvailabilityInput!) { addAvailability(input: $input) { id } }`, { input: { startTime: start.toISOString(), endTime: end.toISOString() } }, creatorToken);

  // The brand: its profile, a question, and a request for that hour, paid (held) with the local provider's test card.
  const brandToken = await verifiedAccount(server.url, 'BRAND', BRAND.email, PASSWORD);
  const { createProfile: brandProfile } = await gql(
    server.url,
    `mutation ($input: CreateProfileInput!) { createProfile(input: $input) { id } }`,
    { input: { displayName: BRAND.name, bio: BRAND.about } },
    brandToken,
  );
  brandId = brandProfile.id;
  await gql(server.url, `mutation ($id: ID!, $text: String!) { startConversation(creatorId: $id, text: $text) { id } }`, { id: creatorProfile.id, text: 'Hi Rae! Could you play our new drink into a stream?' }, brandToken);
  const { createBookingCheckout } = await gql(
    server.url,
    `mutation ($input: CreateBookingCheckoutInput!) { createBookingCheckout(input: $input) { paymentIntentId } }`,
    { input: { creatorId: creatorProfile.id, startTime: start.toISOString(), endTime: end.toISOString() } },
    brandToken,
  );
  const paid = await fetch(`${server.url}/api/v1/local-payments/${createBookingCheckout.paymentIntentId}/confirm`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${brandToken}` },
    body: JSON.stringify({ cardNumber: '4242424242424242', expiry: '12/40', cvc: '123' }),
  });
  expect(paid.status).toBe(200);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('who books: the brand block and the brand page', () => {
  it('the creator sees the brand on the request card and follows it to the brand page', async () => {
    const page = creator.page;
    await step('creator: sign in, open Bookings: the request names the brand, rates it and links it', [creator], async () => {
      await page.goto('/auth');
      await signIn(page, CREATOR.email, PASSWORD);
      await openTab(page, 'Bookings');
      const block = page.getByRole('region', { name: `About the brand: ${BRAND.name}` });
      await block.waitFor();
      await block.getByText(BRAND.about).waitFor();
      await block.getByRole('img', { name: 'No ratings yet' }).waitFor();
      await expectAccessible(page, 'bookings: the request card with its brand');
      await block.scrollIntoViewIfNeeded();
      await shot(page, 'booking-card');
    });

    await step('creator: View brand opens the brand page', [creator], async () => {
      await page.getByRole('link', { name: `View brand ${BRAND.name}` }).first().click();
      await page.waitForURL(`**/brand/${brandId}`);
      await page.getByRole('heading', { level: 1, name: BRAND.name }).waitFor();
      await page.getByText('Completed bookings').waitFor();
      expect(await page.title()).toContain(BRAND.name);
      await expectAccessible(page, 'brand page');
      await shot(page, 'brand-page-signed-in');
    });

    await step('creator: Messages → the conversation header shows the brand with its link', [creator], async () => {
      await page.goto('/dashboard');
      await openTab(page, 'Messages');
      await page.getByRole('button', { name: new RegExp(`^${BRAND.name}`) }).first().click();
      const header = page.getByTestId('brand-header-line');
      await header.waitFor();
      await header.getByRole('link', { name: `View brand ${BRAND.name}` }).waitFor();
      await expectAccessible(page, 'messages: the conversation with its brand header');
      await shot(page, 'conversation-header');
    });
  });

  it('a visitor without an account opens the brand page; an unknown brand says so', async () => {
    const page = visitor.page;
    await step('visitor: the brand page, signed out', [visitor], async () => {
      await page.goto(`/brand/${brandId}`);
      await page.getByRole('heading', { level: 1, name: BRAND.name }).waitFor();
      await page.getByText(BRAND.about).waitFor();
      await page.getByRole('link', { name: 'All creators' }).waitFor();
      await expectAccessible(page, 'brand page signed out');
      await shot(page, 'brand-page-visitor');
      // The HTML the server sends carries the brand's own head for link previews and search.
      const html = await (await fetch(`${server.url}/brand/${brandId}`)).text();
      expect(html).toMatch(new RegExp(`<title>${BRAND.name} · brand`));
      expect(html).toContain('property="og:description"');
    });

    await step('visitor: an unknown brand link says so, with a way on', [visitor], async () => {
      await page.goto('/brand/00000000-0000-4000-8000-000000000000');
      await page.getByRole('heading', { name: 'This brand does not exist or is no longer on CollabHub' }).waitFor();
      await page.getByRole('link', { name: 'Browse creators' }).waitFor();
      expect((await fetch(`${server.url}/brand/00000000-0000-4000-8000-000000000000`)).status).toBe(404);
      await shot(page, 'brand-unknown');
    });
  });
});
