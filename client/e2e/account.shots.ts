import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, it } from 'vitest';
import { launchBrowser, newActor, type Actor } from './support/browser';
import { startE2EServer, type E2EServer } from './support/server';
import { mailedLink, seeText } from './support/ui';

/**
 * Screenshots of the account pages (forgot password, reset, verify, the dashboard banner, the
 * settings e-mail section) at 1280 and 390 px on the production build. Written to SHOTS_DIR
 * (default /work/shots/accounts). Run:
 *   pnpm build && cd client && pnpm exec vitest run --config e2e/shots.vitest.config.ts account
 */
const OUT = process.env.SHOTS_DIR ?? '/work/shots/accounts';
const PASSWORD = 'amber-violin-cascade-93';
const EMAIL = 'shots@brands.test';
const WIDTHS = [
  { width: 1280, height: 900 },
  { width: 390, height: 844 },
] as const;

let server: E2EServer;
let browser: Browser;
let user: Actor;

beforeAll(async () => {
  await mkdir(OUT, { recursive: true });
  server = await startE2EServer();
  browser = await launchBrowser();
  user = await newActor(browser, 'user', server.url);
  user.context.setDefaultTimeout(30_000);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function shoot(page: Page, name: string) {
  for (const w of WIDTHS) {
    await page.setViewportSize(w);
    await page.waitForTimeout(300);
    await page.screenshot({ path: path.join(OUT, `${name}-${w.width}.png`), fullPage: true });
  }
}

it('account pages at 1280 and 390 px', async () => {
  const { page } = user;
  await page.goto('/auth');
  await shoot(page, 'sign-in-forgot-link');
  await page.getByRole('tab', { name: 'Join' }).click();
  await page.getByRole('button', { name: 'Choose Brand Account' }).click();
  await page.getByLabel('Email').fill(EMAIL);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Create Account' }).click();
  await page.waitForURL('**/dashboard');
  await seeText(page, 'Check your email!');
  await shoot(page, 'dashboard-banner');
  await page.goto('/settings#email');
  await seeText(page, 'Not confirmed');
  await shoot(page, 'settings-email-unverified');
  await page.goto(await mailedLink(page, EMAIL, '/verify-email'));
  await seeText(page, 'E-mail address confirmed');
  await shoot(page, 'verify-email-done');
  await page.goto('/verify-email?token=' + 'x'.repeat(43));
  await seeText(page, 'This link does not work');
  await shoot(page, 'verify-email-bad');
  await page.goto('/forgot-password');
  await page.getByRole('heading', { name: 'Forgot your password?' }).waitFor();
  await shoot(page, 'forgot-password');
  await page.getByLabel('Email').fill(EMAIL);
  await page.getByRole('button', { name: 'Send the reset link' }).click();
  await seeText(page, 'Check your email!');
  await shoot(page, 'forgot-password-sent');
  await page.goto(await mailedLink(page, EMAIL, '/reset-password'));
  await page.getByLabel('New password').fill('short');
  await shoot(page, 'reset-password');
});
