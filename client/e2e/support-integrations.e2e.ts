import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { expectAccessible, launchBrowser, newActor, step, type Actor } from './support/browser';
import { startE2EServer, type E2EServer } from './support/server';
import { signIn } from './support/ui';

/**
 * The support console's Integrations section on the demo data: support finds a creator by part of
 * her name typed in another case, sees her API key, then searches a broad part of an e-mail and
 * picks the account from the short list.
 */
const DEMO_PASSWORD = 'collab-demo-2026';
const SUPPORT = 'support@demo.collabhub.test';
const MAYA = { email: 'maya@demo.collabhub.test', name: 'Maya Chen' };

let server: E2EServer;
let browser: Browser;
let support: Actor;

beforeAll(async () => {
  server = await startE2EServer({ demoData: true });
  browser = await launchBrowser();
  support = await newActor(browser, 'support', server.url);
  support.context.setDefaultTimeout(30_000);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** Maya makes an API key through the API (the developer console's own journey covers the UI). */
async function mayaMakesAKey(name: string): Promise<void> {
  const login = await fetch(`${server.url}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: MAYA.email, password: DEMO_PASSWORD }),
  }).then((r) => r.json());
  const made = await fetch(`${server.url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${login.data.tokens.accessToken}` },
    body: JSON.stringify({ query: 'mutation ($name: String!) { createApiKey(input: { name: $name }) { secret } }', variables: { name } }),
  }).then((r) => r.json());
  expect(made.errors).toBeUndefined();
}

it('support finds an account by part of a name or an e-mail and sees its API keys', async () => {
  await mayaMakesAKey('Maya stream overlay');
  const { page } = support;
  await step('support: sign in and open the console', [support], async () => {
    await page.goto('/auth');
    await signIn(page, SUPPORT, DEMO_PASSWORD);
    await page.goto('/support');
  });

  const section = page.getByRole('region', { name: 'Integrations' });
  const field = section.getByRole('searchbox', { name: 'E-mail or name' });
  await step('support: part of the name, another case: the one match opens with its key', [support], async () => {
    await field.fill('MAYA c');
    await section.getByRole('button', { name: 'Search' }).click();
    const account = section.getByTestId('support-integrations-account');
    await account.getByText(MAYA.email).waitFor();
    await account.getByTestId('api-key-card').getByText('Maya stream overlay').waitFor();
    await expectAccessible(page, 'support integrations');
  });

  await step('support: a broad part of an e-mail lists a few accounts to pick from', [support], async () => {
    await field.fill('@demo.collabhub');
    await section.getByRole('button', { name: 'Search' }).click();
    const list = section.getByRole('list', { name: 'Matching accounts' });
    await list.waitFor();
    const rows = list.getByRole('button');
    expect(await rows.count()).toBe(10);
    await section.getByText(/^The first 10 matches/).waitFor();
    await expect.poll(() => section.getByTestId('support-integrations-account').count()).toBe(0);
    await list.getByRole('button', { name: /Nimbus Games/ }).click();
    await section.getByTestId('support-integrations-account').getByText('This account has no API keys.').waitFor();
  });
});
