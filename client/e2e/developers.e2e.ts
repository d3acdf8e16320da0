import { createHmac, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible, launchBrowser, newActor, step, type Actor } from './support/browser';
import { startE2EServer, type E2EServer } from './support/server';
import { expectText, openTab, register, seeText } from './support/ui';

/**
 * The developer console through the UI, against the production server: a creator makes an API key
 * (shown once, copied), reads the listing with it, subscribes a real HTTP receiver on 127.0.0.1 to
 * two event types, changes their profile and sees the signed delivery arrive and logged as 2xx,
 * then revokes the key and it is refused.
 */
const PASSWORD = 'plum-kettle-orbit-42';
const CREATOR = { email: 'dev@creators.test', name: 'Pixel Forge' };

interface Received {
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** A webhook receiver: records every POST and answers 200 "received". */
function startReceiver(): Promise<{ url: string; received: Received[]; close: () => Promise<void> }> {
  const received: Received[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      res.writeHead(200, { 'content-type': 'text/plain' }).end('received');
    });
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      resolve({ url: `http://127.0.0.1:${port}/hooks/collabhub`, received, close: () => new Promise((done) => server.close(() => done())) });
    }),
  );
}

/** Standard Webhooks: `v1,<base64 HMAC-SHA256 of "id.timestamp.body">` keyed with the secret after `whsec_`. */
function signedWith(secret: string, { headers, body }: Received): boolean {
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  const expected = createHmac('sha256', key).update(`${headers['webhook-id']}.${headers['webhook-timestamp']}.${body}`).digest();
  return String(headers['webhook-signature'] ?? '')
    .split(' ')
    .some((part) => {
      const [version, signature] = part.split(',');
      const given = Buffer.from(signature ?? '', 'base64');
      return version === 'v1' && given.length === expected.length && timingSafeEqual(given, expected);
    });
}

const LISTING = 'query Listing { creators(first: 5) { totalCount edges { node { id displayName } } } }';

async function graphqlWithKey(url: string, key: string) {
  const res = await fetch(`${url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-api-key': key },
    body: JSON.stringify({ query: LISTING }),
  });
  return { status: res.status, body: (await res.json()) as { data?: { creators: { totalCount: number } }; errors?: { message: string; extensions?: { code?: string } }[] } };
}

let server: E2EServer;
let browser: Browser;
let creator: Actor;
let receiver: Awaited<ReturnType<typeof startReceiver>>;

beforeAll(async () => {
  [server, receiver] = await Promise.all([startE2EServer(), startReceiver()]);
  browser = await launchBrowser();
  creator = await newActor(browser, 'creator', server.url);
  creator.context.setDefaultTimeout(30_000);
  await creator.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await receiver?.close();
});

describe('developer console', () => {
  it('API key and webhook endpoint: created in the console, used, delivered to a real receiver, revoked', async () => {
    const { page } = creator;
    let apiKey = '';
    let signingSecret = '';

    await step('creator: register and create the creator profile', [creator], async () => {
      await register(page, 'Creator Account', CREATOR.email, PASSWORD);
      const dialog = page.getByRole('dialog', { name: 'Create Your Creator Profile' });
      await dialog.getByLabel(/^Display name/).fill(CREATOR.name);
      await dialog.getByLabel('Bio').fill('Pixel art streams.');
      await dialog.getByLabel(/^Hourly rate/).fill('60');
      await dialog.getByText('Twitch', { exact: true }).click();
      await dialog.getByLabel(/^Twitch username/).fill('pixel_forge');
      await dialog.getByRole('button', { name: 'Create Profile' }).click();
      await seeText(page, 'Creator profile created!');
      await dialog.waitFor({ state: 'detached' });
    });

    await step('creator: create an API key; it is shown once and Copy puts it on the clipboard', [creator], async () => {
      const tab = page.getByRole('tab', { name: 'Developers', exact: true });
      await tab.click();
      await expect.poll(() => tab.getAttribute('aria-selected')).toBe('true');
      await page.getByText('No API keys yet.').waitFor();
      await page.getByRole('button', { name: 'Create API key' }).click();
      const dialog = page.getByRole('dialog', { name: 'Create an API key' });
      await dialog.getByLabel(/^Name/).fill('Agency dashboard');
      await dialog.getByRole('button', { name: 'Create key' }).click();
      const reveal = page.getByTestId('secret-reveal');
      apiKey = ((await reveal.getByTestId('secret-value').textContent()) ?? '').trim();
      expect(apiKey).toMatch(/^chk_live_/);
      await reveal.getByRole('button', { name: /Copy/ }).click();
      await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(apiKey);
      const card = page.getByTestId('api-key-card');
      await expectText(card, 'Agency dashboard');
      await expectText(card, apiKey.slice(0, 12));
      await reveal.getByRole('button', { name: 'Done' }).click();
      await reveal.waitFor({ state: 'detached' });
      // Shown once: nowhere on the page any more, and not after a reload either.
      await page.reload();
      await page.getByTestId('api-key-card').waitFor();
      expect(await page.content()).not.toContain(apiKey);
    });

    await step('the key reads the creator listing over /graphql', [creator], async () => {
      const { status, body } = await graphqlWithKey(server.url, apiKey);
      expect(body.errors).toBeUndefined();
      expect(status).toBe(200);
      expect(body.data?.creators.totalCount).toBeGreaterThanOrEqual(0);
    });

    await step('creator: add a webhook endpoint with two event types', [creator], async () => {
      await page.getByRole('button', { name: 'Add endpoint' }).click();
      const dialog = page.getByRole('dialog', { name: 'Add a webhook endpoint' });
      await dialog.getByLabel(/^Endpoint URL/).fill(receiver.url);
      await dialog.getByText('booking.created', { exact: true }).click();
      await dialog.getByText('creator.updated', { exact: true }).click();
      expect(await dialog.getByRole('checkbox', { name: 'booking.created' }).isChecked()).toBe(true);
      expect(await dialog.getByRole('checkbox', { name: 'creator.updated' }).isChecked()).toBe(true);
      await dialog.getByRole('button', { name: 'Add endpoint' }).click();
      const reveal = page.getByTestId('secret-reveal');
      signingSecret = ((await reveal.getByTestId('secret-value').textContent()) ?? '').trim();
      expect(signingSecret).toMatch(/^whsec_/);
      const card = page.getByTestId('webhook-endpoint-card');
      await expectText(card, receiver.url);
      const types = await card.locator('.chakra-badge').allTextContents();
      expect(types.filter((t) => t.includes('.')).sort()).toEqual(['booking.created', 'creator.updated']);
      await reveal.getByRole('button', { name: 'Done' }).click();
      await card.getByRole('button', { name: 'Deliveries', exact: true }).click();
      await card.getByText(/No deliveries yet/).waitFor();
      await expectAccessible(page, 'dashboard: developers');
    });

    await step('creator: a profile change (creator.updated) reaches the receiver, signed with the secret', [creator], async () => {
      await openTab(page, 'Profile');
      await page.getByRole('button', { name: 'Edit Profile' }).click();
      const dialog = page.getByRole('dialog', { name: 'Edit Creator Profile' });
      await dialog.getByLabel('Bio').fill('Pixel art streams, now with game jams.');
      await dialog.getByRole('button', { name: 'Save Changes' }).click();
      await dialog.waitFor({ state: 'detached' });
      await expect.poll(() => receiver.received.length, { timeout: 30_000 }).toBeGreaterThan(0);
      const delivery = receiver.received[0]!;
      const envelope = JSON.parse(delivery.body) as { id: string; type: string; data: { displayName?: string; bio?: string } };
      expect(envelope.type).toBe('creator.updated');
      expect(delivery.headers['webhook-id']).toMatch(/\S/);
      expect(JSON.stringify(envelope.data)).toContain('now with game jams');
      expect(signedWith(signingSecret, delivery)).toBe(true);
      expect(signedWith('whsec_' + Buffer.from('not the secret').toString('base64'), delivery)).toBe(false);
    });

    await step("creator: the console's delivery log shows it delivered with 200", [creator], async () => {
      const tab = page.getByRole('tab', { name: 'Developers', exact: true });
      await tab.click();
      const card = page.getByTestId('webhook-endpoint-card');
      // The log opened before the event is still open (the tab keeps its state): Refresh it, as a user would.
      const log = card.getByTestId('delivery-log');
      await expectText(log, /No deliveries yet|creator\.updated/);
      await log.getByRole('button', { name: 'Refresh', exact: true }).click();
      const row = card.getByTestId('delivery-row').filter({ hasText: 'creator.updated' });
      const cells = row.getByRole('cell');
      await expectText(cells.nth(1), 'succeeded');
      await expectText(cells.nth(2), /^1$/); // attempts
      await expectText(cells.nth(3), /^200 · \d+ ms$/); // the receiver's status and time
    });

    await step("creator: the delivery's details show the receiver's answer", [creator], async () => {
      const log = page.getByTestId('webhook-endpoint-card').getByTestId('delivery-log');
      const row = log.getByTestId('delivery-row').filter({ hasText: 'creator.updated' });
      await row.getByRole('button', { name: 'creator.updated' }).click();
      await expectText(log, 'received');
    });

    await step('creator: revoke the key after confirming; the key is refused', [creator], async () => {
      const card = page.getByTestId('api-key-card');
      await card.getByRole('button', { name: 'Revoke' }).click();
      const dialog = page.getByRole('dialog', { name: 'Revoke this API key?' });
      await expectText(dialog, 'Agency dashboard');
      await dialog.getByRole('button', { name: 'Revoke key' }).click();
      await page.getByText('No API keys yet.').waitFor();
      const { status, body } = await graphqlWithKey(server.url, apiKey);
      expect(status).toBe(401);
      expect(body.errors?.[0]?.message).toMatch(/Invalid or revoked API key/);
    });

    await step('creator: Settings → Calendar: the feed URL serves iCalendar; Regenerate (confirmed) replaces it and the old one is 404', [creator], async () => {
      await page.getByRole('banner').getByRole('link', { name: 'Settings' }).click();
      await page.waitForURL('**/settings');
      const urlBox = page.getByTestId('calendar-feed-url');
      await expectText(urlBox, /\/api\/v1\/calendar\/.+\.ics$/);
      const oldUrl = ((await urlBox.textContent()) ?? '').trim();
      const before = await fetch(oldUrl);
      expect(before.status).toBe(200);
      expect(await before.text()).toMatch(/^BEGIN:VCALENDAR/);
      await expectAccessible(page, 'settings');

      await page.getByRole('button', { name: 'Regenerate' }).click();
      const dialog = page.getByRole('dialog', { name: 'Make a new calendar URL?' });
      await dialog.getByRole('button', { name: 'Regenerate URL' }).click();
      await expect.poll(async () => ((await urlBox.textContent()) ?? '').trim()).not.toBe(oldUrl);
      const newUrl = ((await urlBox.textContent()) ?? '').trim();
      expect((await fetch(oldUrl)).status).toBe(404);
      expect((await fetch(newUrl)).status).toBe(200);
    });
  });
});
