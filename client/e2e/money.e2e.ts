import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Download, Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect } from 'vitest';
import { verifiedAccount } from './support/api';
import { expectAccessible, step, type Actor } from './support/browser';
import { journey } from './support/journey';
import { addWeekdaySchedule, createBrandProfile, createCreatorProfile, openCreatorPage } from './support/journeys';
import {
  bell,
  bookHours,
  bookingCard,
  CARDS,
  expectSameDocument,
  expectStatus,
  expectText,
  markDocument,
  openTab,
  payWithCard,
  register,
  seeText,
  textRe,
} from './support/ui';

/**
 * Issue 29's money screens in a real browser: a brand fills billing details in /settings, books an
 * hour and pays; the creator accepts (the payment is captured, the invoice and receipt issued); the
 * brand downloads the invoice (its PDF's text read back with poppler's `pdftotext`); the brand
 * cancels late with a reason from the list; the creator is told live who cancelled, why and what they
 * keep, the same figure as their card, Overview and the CSV of their ledger lines; the credit note
 * appears; a stranger given the invoice's URL gets 404.
 * Screenshots at 1280 and 390 px go to SHOTS_DIR (default /work/shots/money).
 *
 * Figures: $75.00 an hour, a 10 % platform fee. Cancelled less than 24 h before the start, half is
 * refunded ($37.50); of the half kept the fee is $3.75 and the creator keeps $33.75.
 * Time: the server's test clock starts on Monday 9 June 2031, 08:00 in Berlin.
 */
const START = new Date('2031-06-09T06:00:00Z');
const TUESDAY = { long: 'Tuesday, June 10, 2031', short: 'Tue, Jun 10' };
const HOUR = '10:00 AM – 11:00 AM';
const PASSWORD = 'correct-horse-battery-9';
const CREATOR = { email: 'nova@creators.test', name: 'Nova Streams', bio: 'Speedruns and chill.', hourlyRate: '75', twitch: 'nova_streams' };
const BRAND = { email: 'finance@acme-games.test', name: 'Acme Games' };
const BILLING = { name: 'Acme Games GmbH', address: 'Torstraße 1\n10119 Berlin\nGermany', taxId: 'DE123456789' };
const SHOTS = process.env.SHOTS_DIR ?? '/work/shots/money';

const { world, actor, part } = journey(START);
let creator: Actor;
let brand: Actor;
let bookingId = '';
let invoiceUrl = '';
let invoiceNumber = '';

beforeAll(async () => {
  creator = await actor('creator');
  brand = await actor('brand');
  mkdirSync(SHOTS, { recursive: true });
});

/** Screenshots of `target` (a part of the page, or the whole page) at 1280 and 390 px, back to 1280 after. */
async function shots(page: Page, name: string, target?: Locator, fullPage = true): Promise<void> {
  for (const [width, height] of [[1280, 900], [390, 844]] as const) {
    await page.setViewportSize({ width, height });
    if (target) {
      await target.scrollIntoViewIfNeeded();
      await target.screenshot({ path: path.join(SHOTS, `${name}-${width}.png`) });
    } else {
      await page.screenshot({ path: path.join(SHOTS, `${name}-${width}.png`), fullPage });
    }
    // Nothing a person would have to scroll sideways for.
    expect(await page.evaluate(() => document.documentElement.scrollWidth), `${name} at ${width} px is wider than the screen`).toBeLessThanOrEqual(width);
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

/** Clicks `button` and waits for the file it downloads; its path on disk. */
async function download(page: Page, button: Locator): Promise<{ file: string; download: Download }> {
  const [d] = await Promise.all([page.waitForEvent('download'), button.click()]);
  const file = await d.path();
  expect(file).toBeTruthy();
  return { file: file!, download: d };
}

/** The PDF's text as poppler lays it out (one line of the document per line). */
const pdfText = (file: string) => execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });

/** A line of laid-out text: its words with any run of spaces between them. */
const lineRe = (...cells: string[]) => new RegExp(cells.map((c) => c.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('\\s+'));

/** The booking card's documents list, opened. */
async function openDocuments(card: Locator): Promise<Locator> {
  const docs = card.getByTestId('booking-documents');
  const toggle = docs.getByRole('button', { name: /documents$/i });
  if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
  return docs;
}

describe('money journey', () => {
  part('a creator with weekday hours; a brand with billing details', async () => {
    await step('creator: register, create the profile at $75/h, publish weekday hours, open Bookings', [creator], async () => {
      await register(creator.page, 'Creator Account', CREATOR.email, PASSWORD);
      await createCreatorProfile(creator.page, CREATOR);
      await openTab(creator.page, 'Availability');
      await addWeekdaySchedule(creator.page, 'Weekdays');
      await openTab(creator.page, 'Bookings');
      await markDocument(creator.page);
    });

    await step('brand: register, create the brand profile, fill billing details in /settings', [brand], async () => {
      const { page } = brand;
      await register(page, 'Brand Account', BRAND.email, PASSWORD);
      await createBrandProfile(page, { name: BRAND.name });
      await page.goto('/settings#billing');
      const billing = page.getByRole('region', { name: 'Billing' });
      await billing.getByLabel(/^Billing name/).fill(BILLING.name);
      await billing.getByLabel(/^Address/).fill(BILLING.address);
      await billing.getByLabel(/^VAT \/ tax id/).fill(BILLING.taxId);
      await billing.getByRole('button', { name: 'Save billing details' }).click();
      await seeText(page, 'Billing details saved');
      await expectAccessible(page, 'settings: billing');
      await page.reload();
      await expect.poll(() => billing.getByLabel(/^Billing name/).inputValue(), { timeout: 30_000 }).toBe(BILLING.name);
      await shots(page, 'settings-billing', billing);
    });
  });

  part('the brand books an hour and pays; the creator accepts; the card lists the invoice and receipt', async () => {
    await step('brand: book Tuesday 10:00 and pay', [brand], async () => {
      await brand.page.goto('/dashboard');
      await openCreatorPage(brand.page, CREATOR.name);
      await bookHours(brand.page, TUESDAY.long, [HOUR]);
      await payWithCard(brand.page, CARDS.ok, BRAND.name);
      await seeText(brand.page, 'Request sent! Your payment is held until the creator accepts.');
      await openTab(brand.page, 'Bookings');
      await markDocument(brand.page);
    });

    await step('creator: accept; the payment is captured', [creator, brand], async () => {
      const card = bookingCard(creator.page, TUESDAY.short, HOUR);
      await card.getByRole('button', { name: 'Accept', exact: true }).click();
      await expectStatus(card, 'Confirmed');
      bookingId = (await card.getAttribute('data-booking-id'))!;
      await expectStatus(bookingCard(brand.page, TUESDAY.short, HOUR), 'Confirmed');
    });

    await step("brand: the card's documents list the invoice and the receipt for $75.00", [brand], async () => {
      const card = bookingCard(brand.page, TUESDAY.short, HOUR);
      const docs = await openDocuments(card);
      const invoice = docs.getByRole('listitem').filter({ hasText: /^Invoice/ });
      await expectText(invoice, /^Invoice INV-[0-9A-F]{8}-000001\$75\.00 paid · issued Jun 9, 2031\s*PDF$/);
      await expectText(docs.getByRole('listitem').filter({ hasText: /^Receipt/ }), /^Receipt RCT-CH-\d{6}\$75\.00 paid · issued Jun 9, 2031\s*PDF$/);
      invoiceNumber = /INV-[0-9A-F]{8}-\d{6}/.exec((await invoice.textContent()) ?? '')![0];
      await shots(brand.page, 'booking-documents', card);
    });

    await step('brand: the invoice PDF names the billing details, the number, the lines and the fee, to the cent', [brand], async () => {
      const docs = bookingCard(brand.page, TUESDAY.short, HOUR).getByTestId('booking-documents');
      const request = brand.page.waitForRequest(/\/api\/v1\/documents\/[0-9a-f-]{36}\/pdf$/);
      const { file, download: d } = await download(brand.page, docs.getByRole('button', { name: `PDF of Invoice ${invoiceNumber}` }));
      invoiceUrl = new URL((await request).url()).pathname;
      expect(d.suggestedFilename()).toBe(`${invoiceNumber}.pdf`);
      expect(readFileSync(file).subarray(0, 5).toString()).toBe('%PDF-');
      const text = pdfText(file);
      expect(text).toMatch(lineRe('Invoice'));
      expect(text).toMatch(lineRe(`Number: ${invoiceNumber}`));
      // The buyer is the billing name, address and tax id given in /settings; the seller the creator.
      for (const line of [BILLING.name, 'Torstraße 1', '10119 Berlin', 'Germany', `VAT / Tax ID: ${BILLING.taxId}`, CREATOR.name]) expect(text).toContain(line);
      // The hour sold less the platform fee, the fee as its own line, and the total: $67.50 + $7.50 = $75.00.
      expect(text).toMatch(lineRe(`Collaboration with ${CREATOR.name}`, '$67.50'));
      expect(text).toMatch(lineRe('CollabHub platform fee (10 %)', '$7.50'));
      expect(text).toMatch(lineRe('Total paid', '$75.00'));
    });
  });

  part('the brand cancels late with a reason; the creator is told live what they keep; the credit note appears', async () => {
    await step('the clock moves to Monday 11:00 Berlin: less than 24 h before the start', [brand, creator], async () => {
      await world.clock.set(new Date('2031-06-09T09:00:00Z'));
      // The label follows the page's clock, which the test just moved.
      await bookingCard(brand.page, TUESDAY.short, HOUR).getByRole('button', { name: 'Cancel (fee applies)' }).waitFor();
    });

    await step('brand: cancel with "Plans changed"; the dialog quotes $37.50 back, $33.75 to the creator, $3.75 fee', [brand, creator], async () => {
      const { page } = brand;
      const card = bookingCard(page, TUESDAY.short, HOUR);
      await card.getByRole('button', { name: 'Cancel (fee applies)' }).click();
      const dialog = page.getByRole('dialog', { name: 'Cancel this booking?' });
      await expectText(dialog.getByTestId('refund-amount'), '$37.50');
      await expectText(dialog.getByTestId('creator-keeps'), '$33.75');
      await expectText(dialog.getByTestId('platform-fee'), '$3.75');
      await dialog.getByRole('combobox', { name: 'Reason' }).selectOption({ label: 'Plans changed' });
      await expectAccessible(page, 'cancel booking dialog');
      await shots(page, 'cancel-dialog', undefined, false);
      await dialog.getByRole('button', { name: 'Cancel Booking' }).click();
      await seeText(page, 'Booking cancelled successfully');
      await expectStatus(card, 'Cancelled');
      await expectText(card, /Refunded\s*\$37\.50/);
      await expectText(card, /Creator keeps\s*\$33\.75/);
    });

    const told = `${BRAND.name} cancelled (Plans changed). You keep $33.75.`;
    await step('creator: a toast and the bell say who cancelled, why and what they keep; the card says the same', [creator], async () => {
      const { page } = creator;
      await seeText(page, told);
      // (How many items are unread depends on the inbox's rules; the cancellation is the newest.)
      await expect.poll(() => bell(page).getAttribute('aria-label'), { timeout: 30_000 }).toMatch(/^Notifications, \d+ unread$/);
      const card = bookingCard(page, TUESDAY.short, HOUR);
      await expectStatus(card, 'Cancelled');
      await expectText(card, /Your share\s*\$33\.75/);
      await expectText(card, 'Reason: Plans changed');
      await bell(page).click();
      const list = page.getByRole('list', { name: 'Notifications, newest first' });
      await expectText(list.getByRole('listitem').first(), textRe(told));
      await page.keyboard.press('Escape');
      await expectSameDocument(page);
    });

    await step('brand: the credit note for $37.50 joins the invoice and the receipt', [brand], async () => {
      const docs = await openDocuments(bookingCard(brand.page, TUESDAY.short, HOUR));
      await expectText(docs.getByRole('listitem').filter({ hasText: /^Credit note/ }), /^Credit note CN-[0-9A-F]{8}-000001\$37\.50 credited · issued Jun 9, 2031\s*PDF$/);
      await expect.poll(() => docs.getByRole('listitem').count()).toBe(3);
      await expectSameDocument(brand.page);
    });
  });

  part("the creator's Overview and ledger export tell the same $33.75", async () => {
    await step('creator: Overview counts the kept share in Total Earnings', [creator], async () => {
      const { page } = creator;
      await openTab(page, 'Overview');
      const stat = (label: string) => page.locator('dl').filter({ has: page.getByText(label, { exact: true }) }).locator('dd');
      await expectText(stat('Total Earnings'), /^\$33\.75$/);
      await expectText(stat('Pending Payouts'), /^\$33\.75$/);
      await shots(page, 'overview-earnings');
    });

    await step('creator: export the CSV of today (Monday) from /settings; its row is the $33.75 earning', [creator], async () => {
      const { page } = creator;
      await page.goto('/settings#billing');
      const exporter = page.getByRole('group', { name: 'Export for bookkeeping' });
      await exporter.getByLabel('From').fill('2031-06-09');
      await exporter.getByLabel('To').fill('2031-06-09');
      const { file } = await download(page, exporter.getByRole('button', { name: 'Export CSV' }));
      const rows = readFileSync(file, 'utf8').trim().split(/\r\n/).map((l) => l.split(','));
      expect(rows[0]).toEqual(['date', 'booking_id', 'type', 'counterparty', 'amount', 'currency', 'reference']);
      expect(rows.slice(1).map(([, id, type, who, amount, currency]) => [id, type, who, amount, currency])).toEqual([[bookingId, 'earning', BRAND.name, '33.75', 'USD']]);
      expect(rows[1][0]).toMatch(/^2031-06-09T/);
      // The day before holds nothing of it.
      await exporter.getByLabel('From').fill('2031-06-08');
      await exporter.getByLabel('To').fill('2031-06-08');
      const { file: before } = await download(page, exporter.getByRole('button', { name: 'Export CSV' }));
      expect(readFileSync(before, 'utf8').trim().split(/\r\n/)).toHaveLength(1);
    });
  });

  part("a stranger given the invoice's URL gets 404", async () => {
    await step('a signed-in stranger and an anonymous visitor are refused the PDF', [brand], async () => {
      expect(invoiceUrl).toMatch(/^\/api\/v1\/documents\/[0-9a-f-]{36}\/pdf$/);
      const stranger = await verifiedAccount(world.server.url, 'BRAND', 'someone@elsewhere.test', PASSWORD);
      const asStranger = await fetch(`${world.server.url}${invoiceUrl}`, { headers: { authorization: `Bearer ${stranger}` } });
      expect(asStranger.status).toBe(404);
      expect(asStranger.headers.get('content-type')).not.toMatch(/pdf/);
      const anonymous = await fetch(`${world.server.url}${invoiceUrl}`);
      expect([401, 404]).toContain(anonymous.status);
      expect(anonymous.headers.get('content-type')).not.toMatch(/pdf/);
    });
  });
});
