import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, it } from 'vitest';
import { launchBrowser, newActor, step, type Actor } from './support/browser';
import { openCreatorPage } from './support/journeys';
import { startE2EServer, type E2EServer } from './support/server';
import { bell, CARDS, conversationRow, openCheckoutDialog, openTab, payWithCard, seeText, signIn } from './support/ui';

/**
 * Screenshots of the inbox (the bell's panel), the Messages tab and a conversation (also on a
 * booking card, with a proposed time) at 1280 and 390 px, on the production build with the demo
 * data. Written to SHOTS_DIR (default /work/shots/conversations). Run:
 *   pnpm build && cd client && pnpm exec vitest run --config e2e/shots.vitest.config.ts
 */
const OUT = process.env.SHOTS_DIR ?? '/work/shots/conversations';
const DEMO_PASSWORD = 'collab-demo-2026';
const BRAND = { email: 'brand@demo.collabhub.test', name: 'Nimbus Games' };
const CREATOR = { email: 'maya@demo.collabhub.test', name: 'Maya Chen' };
const WIDTHS = [
  { name: 'desktop', width: 1280, height: 900 },
  { name: 'phone', width: 390, height: 844 },
] as const;

let server: E2EServer;
let browser: Browser;
let brand: Actor;
let creator: Actor;

beforeAll(async () => {
  await mkdir(OUT, { recursive: true });
  server = await startE2EServer({ demoData: true });
  browser = await launchBrowser();
  brand = await newActor(browser, 'brand', server.url);
  creator = await newActor(browser, 'creator', server.url);
  for (const a of [brand, creator]) a.context.setDefaultTimeout(30_000);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** One screenshot per width, of the page as it is (`prepare` runs after each resize). */
async function shoot(page: Page, name: string, prepare?: () => Promise<void>) {
  for (const w of WIDTHS) {
    await page.setViewportSize({ width: w.width, height: w.height });
    await prepare?.();
    await page.waitForTimeout(300);
    await page.screenshot({ path: path.join(OUT, `${name}-${w.width}.png`), fullPage: false });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

it('screens of conversations and the inbox', async () => {
  const actors = [brand, creator];
  await step('both sign in', actors, async () => {
    for (const [a, who] of [[brand, BRAND], [creator, CREATOR]] as const) {
      await a.page.goto('/auth');
      await signIn(a.page, who.email, DEMO_PASSWORD);
    }
  });

  await step('brand: message Maya from her page; Maya answers', actors, async () => {
    await openCreatorPage(brand.page, CREATOR.name);
    await brand.page.getByRole('button', { name: 'Message', exact: true }).click();
    const dialog = brand.page.getByRole('dialog', { name: `Message ${CREATOR.name}` });
    await dialog
      .getByRole('textbox', { name: `Message to ${CREATOR.name}` })
      .fill('Hi Maya! We launch "Skyward Farm" next month. Could you do a 2-hour launch stream? Press kit: https://nimbus.example/press/skyward-farm');
    await dialog.getByRole('button', { name: 'Send message' }).click();
    await brand.page.waitForURL(/tab=messages/);
    await openTab(creator.page, 'Messages');
    await conversationRow(creator.page, BRAND.name, 1).click();
    const box = creator.page.getByRole('textbox', { name: `Message to ${BRAND.name}` });
    await box.fill('Hi! Love cozy farming games. Weekday evenings (my time) work best; send a request and I will confirm.');
    await creator.page.getByRole('button', { name: 'Send message' }).click();
    await brand.page.getByRole('log').getByText(/Weekday evenings/).waitFor();
  });

  await step('brand: book Maya for two hours and pay', actors, async () => {
    await openCreatorPage(brand.page, CREATOR.name);
    // The first day with free hours (late in the day, today has none left) and, for a creator's minimum of 2 hours, its first 2 hours.
    await brand.page.getByRole('group', { name: 'Choose a date' }).getByRole('button', { name: /, has free hours$/ }).first().click();
    const hours = brand.page.getByRole('list', { name: 'Time slots' });
    await hours.getByRole('button').first().waitFor();
    if ((await hours.getByRole('button', { name: /, selected$/ }).count()) === 0) await hours.getByRole('button', { name: /, available$/ }).first().click();
    await hours.getByRole('button', { name: /, selected$/ }).first().waitFor();
    await openCheckoutDialog(brand.page);
    await brand.page.getByRole('dialog', { name: 'Confirm your booking' }).getByRole('button', { name: 'Confirm & Pay' }).click();
    await brand.page.waitForURL(/\/stripe-checkout\?/);
    await payWithCard(brand.page, CARDS.ok, BRAND.name);
    await brand.page.waitForURL(/\/dashboard/);
  });

  await step('creator: propose another time from the card', actors, async () => {
    await openTab(creator.page, 'Bookings');
    const card = creator.page.getByRole('article', { name: `Booking Request from ${BRAND.name}` }).first();
    await card.getByRole('button', { name: 'Propose another time' }).click();
    const dialog = creator.page.getByRole('dialog', { name: 'Propose another time' });
    const times = dialog.getByRole('list', { name: 'Free times' }).getByRole('button');
    await times.first().click();
    await shoot(creator.page, 'propose-dialog');
    await dialog.getByRole('button', { name: 'Send proposal' }).click();
    await seeText(creator.page, 'Proposal sent');
    await dialog.waitFor({ state: 'detached' });
  });

  await step('brand: the inbox, the card with the proposal, the Messages tab, the conversation', actors, async () => {
    await openTab(brand.page, 'Bookings');
    const card = brand.page.getByRole('article', { name: `Booking Request to ${CREATOR.name}` }).first();
    await card.getByRole('article', { name: /^Proposed time:/ }).waitFor();
    await shoot(brand.page, 'booking-card-proposal', () => card.scrollIntoViewIfNeeded());
    await card.getByRole('button', { name: /^Messages/ }).click();
    await card.getByRole('log').waitFor();
    await shoot(brand.page, 'booking-card-thread', () => card.getByRole('log').scrollIntoViewIfNeeded());
    await shoot(brand.page, 'inbox-panel', async () => {
      await brand.page.keyboard.press('Escape');
      await bell(brand.page).click();
      await brand.page.getByRole('list', { name: 'Notifications, newest first' }).waitFor();
    });
    await brand.page.keyboard.press('Escape');
    await openTab(brand.page, 'Messages');
    await brand.page.goto('/dashboard?tab=messages');
    await brand.page.getByRole('button', { name: new RegExp(`^${CREATOR.name}`) }).waitFor();
    await shoot(brand.page, 'messages-tab');
    await brand.page.getByRole('button', { name: new RegExp(`^${CREATOR.name}`) }).click();
    await brand.page.getByRole('log').waitFor();
    await shoot(brand.page, 'conversation');
    await shoot(creator.page, 'creator-bookings', async () => {
      await creator.page.getByRole('article', { name: `Booking Request from ${BRAND.name}` }).first().scrollIntoViewIfNeeded();
    });
  });
});
