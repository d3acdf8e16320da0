import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { generate } from 'otplib';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible, launchBrowser, newActor, step, type Actor } from './support/browser';
import { JourneyClock } from './support/clock';
import { startE2EServer, type E2EServer } from './support/server';
import { expectText, register, seeText } from './support/ui';

/**
 * Two-step sign-in and the list of sessions through the UI, against the production server: a
 * creator enrols from /settings (the code computed from the secret the page shows, as an
 * authenticator app would), keeps the recovery codes, signs out and back in with a code; a second
 * browser signs in too, and the first signs it out from the list: its next request is refused.
 * SHOTS_DIR set: screenshots of the settings sections at 1280 and 390 px.
 */
const PASSWORD = 'quartz-lantern-meadow-58';
const EMAIL = 'safe@creators.test';

let server: E2EServer;
let browser: Browser;
let clock: JourneyClock;
let laptop: Actor;
let phone: Actor;

beforeAll(async () => {
  server = await startE2EServer();
  clock = new JourneyClock(server);
  browser = await launchBrowser();
  laptop = await newActor(browser, 'laptop', server.url);
  phone = await newActor(browser, 'phone', server.url);
  for (const actor of [laptop, phone]) actor.context.setDefaultTimeout(30_000);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** The code an authenticator app shows at the server's "now" (the server's clock decides). */
async function currentCode(secret: string): Promise<string> {
  const now = await clock.now();
  return generate({ secret, epoch: Math.floor(now.getTime() / 1000) });
}

/** A code is accepted once: the next one exists 30 s later (the test clock moves the server there). */
async function nextCode(secret: string): Promise<string> {
  await clock.advance(30_000);
  return currentCode(secret);
}

async function signInWithCode(page: Page, code: string): Promise<void> {
  await page.goto('/auth');
  await page.getByRole('tab', { name: 'Sign In' }).click();
  await page.getByLabel('Email').fill(EMAIL);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  // The password was right: the second step asks for the code.
  await page.getByText('Two-step sign-in', { exact: true }).waitFor();
  await page.getByLabel('Authentication code').fill(code);
  await page.getByRole('button', { name: 'Verify' }).click();
  await seeText(page, 'Welcome back!');
  await page.waitForURL('**/dashboard');
}

async function shots(page: Page, name: string): Promise<void> {
  const dir = process.env.SHOTS_DIR;
  if (!dir) return;
  await mkdir(dir, { recursive: true });
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    for (const id of ['two-step', 'sessions']) {
      const section = page.locator(`#${id}`);
      await section.scrollIntoViewIfNeeded();
      await section.screenshot({ path: path.join(dir, `${name}-${id}-${width}.png`) });
    }
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

describe('two-step sign-in and sessions', () => {
  it('enrol with a code from the secret, sign in with a code, sign another session out from the list', async () => {
    const { page } = laptop;
    let secret = '';

    await step('laptop: register a creator; the dashboard nudges to turn on two-step sign-in', [laptop], async () => {
      await register(page, 'Creator Account', EMAIL, PASSWORD);
      // The profile can wait: close the dialog a new creator gets.
      const dialog = page.getByRole('dialog', { name: 'Create Your Creator Profile' });
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await dialog.waitFor({ state: 'detached' });
      await expectText(page.getByTestId('two-factor-nudge'), 'Protect your payouts with two-step sign-in');
    });

    await step('laptop: /settings → set up: QR code and key, a wrong code refused, the right one turns it on', [laptop], async () => {
      await page.getByTestId('two-factor-nudge').getByRole('link', { name: 'Turn it on' }).click();
      await page.waitForURL('**/settings#two-step');
      const section = page.locator('#two-step');
      await section.getByRole('button', { name: 'Set up two-step sign-in' }).click();
      await section.getByRole('img', { name: /QR code/ }).waitFor();
      secret = ((await section.getByTestId('two-factor-secret').textContent()) ?? '').trim();
      expect(secret).toMatch(/^[A-Z2-7]{32}$/);
      const right = await currentCode(secret);
      await section.getByLabel(/Enter the 6-digit code/).fill(right === '000000' ? '111111' : '000000');
      await section.getByRole('button', { name: 'Turn on' }).click();
      await expectText(section, /not valid/);
      await section.getByLabel(/Enter the 6-digit code/).fill(right);
      await section.getByRole('button', { name: 'Turn on' }).click();
      await section.getByTestId('recovery-codes').waitFor();
      const codes = (await section.getByTestId('recovery-codes').locator('code').allTextContents()).map((c) => c.trim());
      expect(codes).toHaveLength(10);
      for (const c of codes) expect(c).toMatch(/^[a-z0-9]{4}(-[a-z0-9]{4}){3}$/);
      await shots(page, 'recovery-codes');
      await section.getByRole('button', { name: 'I saved them' }).click();
      await expectText(section, '10 of 10 recovery codes left.');
      await expectAccessible(page, 'settings: two-step sign-in on');
    });

    await step('laptop: sign out; signing in asks for the code, and a fresh one signs in', [laptop], async () => {
      await page.goto('/dashboard');
      await page.getByRole('button', { name: 'Sign Out' }).first().click();
      await seeText(page, 'Signed out');
      await signInWithCode(page, await nextCode(secret));
      // Once on, the nudge is gone.
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      expect(await page.getByTestId('two-factor-nudge').count()).toBe(0);
    });

    await step('phone: sign in with the next code', [phone], async () => {
      await signInWithCode(phone.page, await nextCode(secret));
    });

    await step('laptop: /settings lists both sessions; Sign out the other one', [laptop], async () => {
      await page.goto('/settings#sessions');
      const rows = page.getByTestId('session-row');
      await expect.poll(() => rows.count(), { timeout: 30_000 }).toBe(2);
      const current = rows.filter({ hasText: 'This device' });
      await expectText(current, /Chrom/);
      await expectText(current, '127.0.0.1');
      await expectText(current, /Signed in .* · Last seen /);
      await shots(page, 'enrolled');
      const other = rows.filter({ hasNotText: 'This device' });
      await other.getByRole('button', { name: /^Sign out/ }).click();
      await seeText(page, 'Signed out that session');
      await expect.poll(() => rows.count(), { timeout: 30_000 }).toBe(1);
    });

    await step("phone: its next request is refused and it's back on the sign-in form", [phone], async () => {
      const token = await phone.page.evaluate(() => {
        for (let i = 0; i < localStorage.length; i++) {
          const value = localStorage.getItem(localStorage.key(i)!) ?? '';
          if (/^ey[\w-]+\.[\w-]+\.[\w-]+$/.test(value)) return value;
        }
        return null;
      });
      expect(token).toBeTruthy();
      const me = await fetch(`${server.url}/api/v1/auth/me`, { headers: { authorization: `Bearer ${token}` } });
      expect(me.status).toBe(401);
      await phone.page.goto('/settings');
      await phone.page.getByRole('tab', { name: 'Sign In' }).waitFor();
    });
  });
});
