import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { expectAccessible, launchBrowser, newActor, step, type Actor } from './support/browser';
import { addWeekdaySchedule, createCreatorProfile } from './support/journeys';
import { startE2EServer, type E2EServer } from './support/server';
import { openTab, register, seeText } from './support/ui';

/**
 * A new creator is not told "live" with no hours and no payout account: Overview lists what is
 * left (hours, payouts, photo) with links, and ticks each step off once it is done.
 * Screenshots at 1280 and 390 px go to SHOTS_DIR (default /work/shots/contact).
 */
const SHOTS = process.env.SHOTS_DIR ?? '/work/shots/contact';
const PASSWORD = 'amber-violin-cascade-93';
const CREATOR = { email: 'fresh@creators.test', name: 'Fresh Face', bio: 'Speedruns and chat.', hourlyRate: '40', twitch: 'freshface' };

let server: E2EServer;
let browser: Browser;
let creator: Actor;

beforeAll(async () => {
  await mkdir(SHOTS, { recursive: true });
  server = await startE2EServer();
  browser = await launchBrowser();
  creator = await newActor(browser, 'creator', server.url);
  creator.context.setDefaultTimeout(30_000);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

it('a new creator sees what is left before a first booking and ticks off the hours once added', async () => {
  const { page } = creator;
  const checklist = page.getByRole('region', { name: 'Get ready for your first booking' });

  await step('creator: registers and creates a profile; Overview asks for hours, payouts and a photo', [creator], async () => {
    await register(page, 'Creator Account', CREATOR.email, PASSWORD);
    await createCreatorProfile(page, CREATOR);
    await seeText(page, 'Next: add your hours, connect payouts and add a photo. Overview lists what is left.');
    await checklist.getByText('0 of 3 done').waitFor();
    await checklist.getByRole('link', { name: 'Add hours' }).waitFor();
    await checklist.getByRole('link', { name: 'Connect payouts' }).waitFor();
    await checklist.getByRole('link', { name: 'Add a photo' }).waitFor();
    // With no hours at all the tip asks for the first ones (not "more").
    await page.getByRole('region', { name: 'Tips' }).getByText('Set your first hours').waitFor();
    expect(await page.getByText('Add more availability').count()).toBe(0);
    await expectAccessible(page, 'overview checklist');
    for (const [width, height] of [[1280, 900], [390, 844]] as const) {
      await page.setViewportSize({ width, height });
      await checklist.scrollIntoViewIfNeeded();
      await page.screenshot({ path: path.join(SHOTS, `creator-checklist-${width}.png`), fullPage: true });
      expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    }
    await page.setViewportSize({ width: 1280, height: 900 });
  });

  await step('creator: "Connect payouts" opens Availability on the payout card, in view with the focus on it (1280 and 390 px)', [creator], async () => {
    const card = page.getByRole('region', { name: 'Payouts' });
    for (const [width, height] of [[1280, 900], [390, 844]] as const) {
      await page.setViewportSize({ width, height });
      await page.evaluate(() => window.scrollTo(0, 0));
      await checklist.getByRole('link', { name: 'Connect payouts' }).click();
      await page.waitForURL('**/dashboard?tab=availability#payouts');
      await card.getByText('Status', { exact: true }).waitFor();
      // Its heading shows below the page's sticky header, in the upper half of the screen.
      const inView = () => card.evaluate((el) => {
        const r = el.getBoundingClientRect();
        const header = document.querySelector('header')?.getBoundingClientRect().bottom ?? 0;
        return r.top >= header && r.top < window.innerHeight / 2;
      });
      await expect.poll(inView).toBe(true);
      await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('payouts');
      console.log(`payout card top at ${width} px: ${await card.evaluate((el) => Math.round(el.getBoundingClientRect().top))} px, page scrolled ${await page.evaluate(() => Math.round(window.scrollY))} px`);
      await page.screenshot({ path: path.join(SHOTS, `creator-payouts-link-${width}.png`) });
      await openTab(page, 'Overview');
    }
    await page.setViewportSize({ width: 1280, height: 900 });
  });

  await step('creator: "Add hours" opens Availability; after a weekday schedule Overview ticks the hours off', [creator], async () => {
    await checklist.getByRole('link', { name: 'Add hours' }).click();
    await page.waitForURL('**/dashboard?tab=availability');
    await addWeekdaySchedule(page, 'Weekdays');
    await openTab(page, 'Overview');
    await checklist.getByText('1 of 3 done').waitFor();
    expect(await checklist.getByRole('link', { name: 'Add hours' }).count()).toBe(0);
    await checklist.getByRole('link', { name: 'Connect payouts' }).waitFor();
  });
});
