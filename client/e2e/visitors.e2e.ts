import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible, launchBrowser, newActor, step, type Actor } from './support/browser';
import { startE2EServer, type E2EServer } from './support/server';

let server: E2EServer;
let browser: Browser;
let visitor: Actor;

beforeAll(async () => {
  server = await startE2EServer();
  browser = await launchBrowser();
  visitor = await newActor(browser, 'visitor', server.url);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('signed-out visitors', () => {
  it('browse the landing page and reach sign-in', async () => {
    const { page } = visitor;
    await step('landing page', [visitor], async () => {
      await page.goto('/');
      await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toMatch(/Book creators/);
      await expectAccessible(page, 'landing');
      await page.getByRole('link', { name: 'Get Started' }).first().click();
      await page.waitForURL('**/auth?mode=join');
      await page.getByRole('tab', { name: 'Join', selected: true }).waitFor();
    });
  });

  it('read About, FAQ, Privacy Policy and Terms of Use', async () => {
    const { page } = visitor;
    await step('about page', [visitor], async () => {
      await page.goto('/about');
      await page.getByRole('heading', { name: /mission/i }).first().waitFor();
      await expectAccessible(page, 'about');
    });
    await step('faq: open a question', [visitor], async () => {
      await page.goto('/faq');
      const question = page.getByRole('button', { name: 'How does booking a creator work?' });
      await question.click();
      await expect.poll(() => question.getAttribute('aria-expanded')).toBe('true');
      await expectAccessible(page, 'faq');
    });
    await step('privacy policy', [visitor], async () => {
      await page.goto('/privacy-policy');
      await page.getByText('Last updated September 10, 2025').waitFor();
      await page.getByRole('heading', { name: 'Information We Collect' }).waitFor();
      await expectAccessible(page, 'privacy');
    });
    await step('terms of use', [visitor], async () => {
      await page.goto('/terms-of-use');
      await page.getByRole('heading', { name: 'Prohibited Activities' }).waitFor();
      await expectAccessible(page, 'terms');
    });
  });

  it('send a message through the contact form', async () => {
    const { page } = visitor;
    await step('contact form', [visitor], async () => {
      await page.goto('/contact');
      await page.getByLabel(/^Name/).fill('Ada Visitor');
      await page.getByLabel(/^Email/).fill('ada@example.test');
      await page.getByLabel(/^Subject/).fill('Partnership');
      await page.getByLabel(/^Message/).fill('We would love to sponsor a stream.');
      await expectAccessible(page, 'contact');
      await page.getByRole('button', { name: /Send Message/i }).click();
      // The message is a support ticket now (client/e2e/contact.e2e.ts follows it to the mailbox and the console).
      await page.getByRole('heading', { name: 'Support has your message' }).waitFor();
      await page.getByText('A copy was sent to ada@example.test').waitFor();
      await page.getByRole('button', { name: 'Send another message' }).waitFor();
    });
  });

  it('see Page Not Found on an unknown path, and are sent to /auth from /dashboard', async () => {
    const { page } = visitor;
    await step('404', [visitor], async () => {
      await page.goto('/no-such-page');
      await page.getByRole('heading', { name: 'Page Not Found' }).waitFor();
      await expectAccessible(page, '404');
    });
    await step('dashboard guard', [visitor], async () => {
      await page.goto('/dashboard');
      await page.waitForURL('**/auth');
    });
  });
});
