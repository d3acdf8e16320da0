import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newActor, step, type Actor } from './support/browser';
import { startE2EServer, type E2EServer } from './support/server';
import { mailedLink, mailIds, seeText, signIn } from './support/ui';

/**
 * Account recovery and verified e-mail through the UI, against the production server, reading the
 * e-mails the product really sent from its development mailbox (/dev/mailbox):
 * sign-up -> "Check your email!" and the dashboard banner -> the e-mailed link -> verified;
 * forgot password -> the e-mail -> its link -> a new password -> the old session is refused ->
 * the same link again is refused -> the new password signs in.
 */
const PASSWORD = 'amber-violin-cascade-93';
const NEW_PASSWORD = 'quiet-harbor-lantern-58';
const USER = { email: 'recover@brands.test' };

let server: E2EServer;
let browser: Browser;
let user: Actor;
let other: Actor;

beforeAll(async () => {
  server = await startE2EServer();
  browser = await launchBrowser();
  user = await newActor(browser, 'user', server.url);
  other = await newActor(browser, 'other-device', server.url);
  for (const a of [user, other]) a.context.setDefaultTimeout(30_000);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('account recovery', () => {
  it('sign-up is verified through the e-mailed link; a forgotten password is reset through its link, signing out the other session, once', async () => {
    const { page } = user;

    await step('user: signs up; "Check your email!" and the dashboard banner ask to confirm the address', [user], async () => {
      await page.goto('/auth');
      await page.getByRole('tab', { name: 'Join' }).click();
      await page.getByRole('button', { name: 'Choose Brand Account' }).click();
      await page.getByLabel('Email').fill(USER.email);
      await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
      await page.getByRole('button', { name: 'Create Account' }).click();
      await page.waitForURL('**/dashboard');
      await seeText(page, 'Check your email!');
      await page.getByTestId('verify-email-banner').waitFor();
      await seeText(page, `We sent a link to ${USER.email}`);
    });

    await step('user: the verification e-mail in /dev/mailbox links to /verify-email; opening it confirms the address', [user], async () => {
      const link = await mailedLink(page, USER.email, '/verify-email');
      expect(new URL(link).origin).toBe(server.url);
      await page.goto(link);
      await seeText(page, 'E-mail address confirmed');
      await seeText(page, `${USER.email} is confirmed.`);
      await page.getByRole('link', { name: 'Go to the dashboard' }).click();
      await page.waitForURL('**/dashboard');
      await seeText(page, 'Create Your Profile');
      await expect.poll(() => page.getByTestId('verify-email-banner').count(), { timeout: 10_000 }).toBe(0);
    });

    await step('other device: signed in too (this session must end with the reset)', [other], async () => {
      await other.page.goto('/auth');
      await signIn(other.page, USER.email, PASSWORD);
      await other.page.waitForURL('**/dashboard');
    });

    const before = await mailIds(page, USER.email);
    await step('user: "Forgot password?" on the sign-in form asks for the address and says to check the mail', [user], async () => {
      await page.context().clearCookies();
      await page.evaluate(() => window.localStorage.clear());
      await page.goto('/auth');
      await page.getByRole('link', { name: 'Forgot password?' }).click();
      await page.waitForURL('**/forgot-password');
      // The sign-in form's own Email field may still be on screen while the page loads.
      await page.getByRole('heading', { name: 'Forgot your password?' }).waitFor();
      await page.getByLabel('Email').fill(USER.email);
      await page.getByRole('button', { name: 'Send the reset link' }).click();
      await seeText(page, 'Check your email!');
    });

    const resetLink = await step('user: the reset e-mail arrives in /dev/mailbox with a /reset-password link', [user], async () => {
      const link = await mailedLink(page, USER.email, '/reset-password', before);
      expect(new URL(link).searchParams.get('token')).toMatch(/^[A-Za-z0-9_-]{43}$/);
      return link;
    });

    await step('user: the link opens the page; a new password is saved', [user], async () => {
      await page.goto(resetLink);
      await page.getByLabel('New password').fill(NEW_PASSWORD);
      await page.getByRole('button', { name: 'Set the new password' }).click();
      await seeText(page, 'Password changed');
    });

    await step('other device: its session is refused now (back to sign-in)', [other], async () => {
      await other.page.goto('/settings');
      await other.page.waitForURL('**/auth**');
      await other.page.getByRole('tab', { name: 'Sign In' }).waitFor();
    });

    await step('user: the same link again is refused', [user], async () => {
      await page.goto(resetLink);
      await page.getByLabel('New password').fill('yet-another-phrase-71-dune');
      await page.getByRole('button', { name: 'Set the new password' }).click();
      await seeText(page, 'This link does not work');
      await seeText(page, 'invalid, expired or already used');
    });

    await step('user: the old password is refused, the new one signs in', [user], async () => {
      await page.goto('/auth');
      await page.getByRole('tab', { name: 'Sign In' }).waitFor();
      await page.getByLabel('Email').fill(USER.email);
      await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
      await page.getByRole('button', { name: 'Sign In', exact: true }).click();
      await seeText(page, 'Invalid email or password');
      await page.getByLabel('Password', { exact: true }).fill(NEW_PASSWORD);
      await page.getByRole('button', { name: 'Sign In', exact: true }).click();
      await seeText(page, 'Welcome back!');
      await page.waitForURL('**/dashboard');
    });
  });
});
