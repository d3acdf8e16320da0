import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { expectAccessible, launchBrowser, newActor, step, type Actor } from './support/browser';
import { startE2EServer, type E2EServer } from './support/server';
import { seeText, signIn } from './support/ui';

/**
 * The contact form reaches support: a visitor (not signed in) sends it, reads the ticket's
 * reference, and the message arrives in the development mailbox twice: at the support address and,
 * as a copy, at the visitor's. Support signs in, finds the ticket in /support and closes it.
 * Screenshots at 1280 and 390 px go to SHOTS_DIR (default /work/shots/contact).
 */
const SHOTS = process.env.SHOTS_DIR ?? '/work/shots/contact';
const PASSWORD = 'amber-violin-cascade-93';
const SUPPORT = { email: 'desk@support.test' };
/** The server's default SUPPORT_EMAIL (server/src/platform/config.ts). */
const SUPPORT_ADDRESS = 'support@collabhub.localhost';
const VISITOR = {
  name: 'Robin Visitor',
  email: 'robin.visitor@brands.test',
  subject: 'Invoice for a cancelled booking',
  message: 'Hello,\nI was charged for a booking the creator cancelled. Could you check it?',
};

let server: E2EServer;
let browser: Browser;
let visitor: Actor;
let support: Actor;

beforeAll(async () => {
  await mkdir(SHOTS, { recursive: true });
  server = await startE2EServer();
  browser = await launchBrowser();
  visitor = await newActor(browser, 'visitor', server.url);
  support = await newActor(browser, 'support', server.url);
  for (const a of [visitor, support]) a.context.setDefaultTimeout(30_000);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** Full-page screenshots at 1280 and 390 px, back to 1280 after. */
async function shots(page: Page, name: string): Promise<void> {
  for (const [width, height] of [[1280, 900], [390, 844]] as const) {
    await page.setViewportSize({ width, height });
    await page.screenshot({ path: path.join(SHOTS, `${name}-${width}.png`), fullPage: true });
    // Nothing may be wider than the screen.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, `${name} at ${width} px scrolls sideways`).toBeLessThanOrEqual(0);
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

interface Mail {
  subject: string;
  text: string;
  headers: Record<string, string>;
}

/** The e-mail to `to` whose subject contains `text`, from /dev/mailbox, waiting for the e-mail worker (it sends after the commit). */
async function mailWithSubject(page: Page, to: string, text: string): Promise<Mail> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const list = (await (await page.request.get(`${new URL(page.url()).origin}/dev/mailbox/messages?to=${encodeURIComponent(to)}`)).json()) as { messages: { id: string; subject: string }[] };
    const found = list.messages.find((m) => m.subject.includes(text));
    if (found) return (await (await page.request.get(`${new URL(page.url()).origin}/dev/mailbox/messages/${found.id}`)).json()) as Mail;
    if (Date.now() > deadline) throw new Error(`no e-mail to ${to} with "${text}" in its subject in /dev/mailbox after 30 s`);
    await page.waitForTimeout(500);
  }
}

it('a visitor sends the contact form, reads the reference, both e-mails arrive, and support closes the ticket', async () => {
  const { page } = visitor;
  let reference = '';

  await step('visitor: an empty form names each required field and sends nothing', [visitor], async () => {
    await page.goto('/contact');
    await page.getByRole('button', { name: 'Send Message' }).click();
    await seeText(page, 'Name is required');
    await seeText(page, 'Email is required');
    await seeText(page, 'Message is required');
    await expectAccessible(page, 'contact form with errors');
  });

  await step("visitor: an address the server refuses is named under the Email field", [visitor], async () => {
    const form = page.getByRole('form', { name: 'Contact form' });
    await form.getByLabel(/^Name/).fill(VISITOR.name);
    await form.getByLabel(/^Email/).fill('robin@brands');
    await form.getByLabel(/^Message/).fill(VISITOR.message);
    await form.getByRole('button', { name: 'Send Message' }).click();
    await seeText(page, 'Email must be a valid email address');
    await expect.poll(() => form.getByLabel(/^Email/).getAttribute('aria-invalid')).toBe('true');
    await shots(page, 'contact-form-error');
  });

  await step('visitor: sends it; the page shows the ticket reference and where the copy went', [visitor], async () => {
    const form = page.getByRole('form', { name: 'Contact form' });
    await form.getByLabel(/^Email/).fill(VISITOR.email);
    await form.getByLabel(/^Subject/).fill(VISITOR.subject);
    await form.getByLabel(/^Category/).selectOption('billing');
    await form.getByRole('button', { name: 'Send Message' }).click();
    await page.getByRole('heading', { name: 'Support has your message' }).waitFor();
    reference = (await page.getByTestId('ticket-reference').textContent())!.trim();
    expect(reference).toMatch(/^T-[0-9A-F]{8}$/);
    await seeText(page, `A copy was sent to ${VISITOR.email}`);
    await expectAccessible(page, 'contact receipt');
    await shots(page, 'contact-sent');
  });

  await step('mailbox: support got the message (reply goes to the visitor) and the visitor a copy, both with the reference', [visitor], async () => {
    const toSupport = await mailWithSubject(page, SUPPORT_ADDRESS, reference);
    expect(toSupport.subject).toBe(`[${reference}] ${VISITOR.subject}`);
    expect(toSupport.text).toContain('I was charged for a booking the creator cancelled.');
    expect(toSupport.headers['reply-to']).toContain(VISITOR.email);
    const copy = await mailWithSubject(page, VISITOR.email, reference);
    expect(copy.subject).toBe(`We received your message (${reference})`);
    expect(copy.text).toContain('I was charged for a booking the creator cancelled.');
  });

  await server.cli('create-support', [SUPPORT.email, PASSWORD]);
  await step('support: the ticket is in /support with the sender, the reference and the message', [support], async () => {
    await support.page.goto('/auth');
    await signIn(support.page, SUPPORT.email, PASSWORD);
    await support.page.waitForURL('**/support');
    const tickets = support.page.getByRole('region', { name: 'Tickets' });
    const ticket = tickets.getByRole('article', { name: VISITOR.subject });
    await ticket.waitFor();
    await ticket.getByText(`${reference} · Billing & payments`, { exact: false }).waitFor();
    await ticket.getByText(VISITOR.name).waitFor();
    await ticket.getByRole('link', { name: VISITOR.email }).waitFor();
    await ticket.getByText('Could you check it?', { exact: false }).waitFor();
    await ticket.scrollIntoViewIfNeeded();
    await expectAccessible(support.page, 'support tickets');
    await shots(support.page, 'support-tickets');
  });

  await step('support: closes it; it leaves the open tickets and is listed under Closed', [support], async () => {
    const tickets = support.page.getByRole('region', { name: 'Tickets' });
    await tickets.getByRole('button', { name: `Close ticket ${reference}` }).click();
    await seeText(support.page, `${reference} closed`);
    await expect.poll(() => tickets.getByRole('article', { name: VISITOR.subject }).count()).toBe(0);
    await tickets.getByLabel('Show tickets').selectOption('CLOSED');
    const closed = tickets.getByRole('article', { name: VISITOR.subject });
    await closed.getByRole('button', { name: `Reopen ticket ${reference}` }).waitFor();
  });
});
