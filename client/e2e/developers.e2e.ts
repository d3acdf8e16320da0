import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import path from 'node:path';
import { ARTIFACTS_DIR, expectAccessible, launchBrowser, newActor, step, type Actor } from './support/browser';
import { startE2EServer, type E2EServer } from './support/server';
import { register, seeText } from './support/ui';

let server: E2EServer;
let browser: Browser;
let brand: Actor;

beforeAll(async () => {
  server = await startE2EServer();
  browser = await launchBrowser();
  brand = await newActor(browser, 'brand', server.url);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('developer console', () => {
  it('a brand creates an API key and a webhook endpoint in the Developers tab', async () => {
    const { page } = brand;
    await step('brand: register and create the brand profile', [brand], async () => {
      await register(page, 'Brand Account', `dev.${Date.now()}@example.test`, 'developer-password-1');
      const dialog = page.getByRole('dialog', { name: 'Create Your Brand Profile' });
      await dialog.getByLabel(/^Brand name/).fill('Console Co');
      await dialog.getByRole('button', { name: 'Create Profile' }).click();
      await seeText(page, 'Brand profile created!');
    });

    await step('brand: create an API key; the secret is shown once with a copy button', [brand], async () => {
      const tab = page.getByRole('tab', { name: 'Developers', exact: true });
      await tab.click();
      await expect.poll(() => tab.getAttribute('aria-selected')).toBe('true');
      await page.getByRole('button', { name: 'Create API key' }).click();
      const dialog = page.getByRole('dialog', { name: 'Create an API key' });
      await dialog.getByLabel(/^Name/).fill('Agency dashboard');
      await dialog.getByRole('button', { name: 'Create key' }).click();
      const secret = page.getByTestId('secret-value');
      await expect.poll(() => secret.textContent()).toMatch(/^chk_live_/);
      await page.getByTestId('secret-reveal').getByRole('button', { name: /Copy/ }).waitFor();
      const card = page.getByTestId('api-key-card');
      await card.getByText('Agency dashboard').waitFor();
      await card.getByText(/Limit \d+ requests\/min/).waitFor();
      await page.getByTestId('secret-reveal').getByRole('button', { name: 'Done' }).click();
      await expect.poll(() => page.getByTestId('secret-value').count()).toBe(0);
    });

    await step('brand: add a webhook endpoint with two event types', [brand], async () => {
      await page.getByRole('button', { name: 'Add endpoint' }).click();
      const dialog = page.getByRole('dialog', { name: 'Add a webhook endpoint' });
      await dialog.getByLabel(/^Endpoint URL/).fill('https://hooks.example.com/collabhub');
      await dialog.getByText('booking.confirmed', { exact: true }).click();
      await dialog.getByText('creator.updated', { exact: true }).click();
      await dialog.getByRole('button', { name: 'Add endpoint' }).click();
      await expect.poll(() => page.getByTestId('secret-value').textContent()).toMatch(/^whsec_/);
      const card = page.getByTestId('webhook-endpoint-card');
      await card.getByText('https://hooks.example.com/collabhub').waitFor();
      await card.getByText('booking.confirmed').waitFor();
      await card.getByRole('button', { name: 'Deliveries' }).click();
      await card.getByText(/No deliveries yet/).waitFor();
      await expectAccessible(page, 'dashboard: developers');
      for (const width of [1280, 390]) {
        await page.setViewportSize({ width, height: 900 });
        await page.screenshot({ path: path.join(ARTIFACTS_DIR, `developers-${width}.png`), fullPage: true });
      }
      await page.setViewportSize({ width: 1280, height: 900 });
    });
  });
});
