import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';

/**
 * What a user does and reads on the pages, by role and visible text. Times are written as the page
 * shows them in en-US ("10:00 AM – 11:00 AM"); any space may be the narrow no-break space Intl uses.
 */

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A regular expression for visible text, tolerant of the kind of space between words. */
export function textRe(text: string, { whole = false } = {}): RegExp {
  const body = escape(text).replace(/ /g, '\\s');
  return new RegExp(whole ? `^${body}$` : body);
}

/** Waits until the locator's text matches. */
export async function expectText(locator: Locator, expected: RegExp | string, timeout = 30_000): Promise<void> {
  const re = typeof expected === 'string' ? textRe(expected) : expected;
  await expect.poll(async () => (await locator.textContent({ timeout }).catch(() => '')) ?? '', { timeout, interval: 250 }).toMatch(re);
}

/** Waits for a toast (or any text) to be visible. */
export async function seeText(page: Page, text: string | RegExp, timeout = 30_000): Promise<void> {
  await page.getByText(typeof text === 'string' ? textRe(text) : text).first().waitFor({ timeout });
}

export type AccountChoice = 'Creator Account' | 'Brand Account';

/** /auth → Join → account type → e-mail and password → Create Account; lands on the dashboard. */
export async function register(page: Page, choice: AccountChoice, email: string, password: string): Promise<void> {
  await page.goto('/auth');
  await page.getByRole('tab', { name: 'Join' }).click();
  await page.getByRole('button', { name: `Choose ${choice}` }).click();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Create Account' }).click();
  await page.waitForURL('**/dashboard');
  await seeText(page, 'Check your email!');
  // Established accounts confirm their address: the link e-mailed at sign-up, read from /dev/mailbox.
  await page.goto(await mailedLink(page, email, '/verify-email'));
  await seeText(page, 'E-mail address confirmed');
  await page.goto('/dashboard');
}

/**
 * The newest link to `path` (e.g. `/verify-email`, `/reset-password`) in an e-mail to `to`, read
 * from the development mailbox's JSON (`/dev/mailbox/messages`), waiting up to 30 s for the e-mail
 * worker (it sends after the commit).
 */
export async function mailedLink(page: Page, to: string, path: string, after = new Set<string>()): Promise<string> {
  const origin = new URL(page.url()).origin;
  const deadline = Date.now() + 30_000;
  for (;;) {
    const list = (await (await page.request.get(`${origin}/dev/mailbox/messages?to=${encodeURIComponent(to.toLowerCase())}`)).json()) as { messages: { id: string }[] };
    for (const { id } of list.messages) {
      if (after.has(id)) continue;
      const mail = (await (await page.request.get(`${origin}/dev/mailbox/messages/${id}`)).json()) as { links: string[] };
      const link = mail.links.find((l) => new URL(l).pathname === path);
      if (link) return link;
    }
    if (Date.now() > deadline) throw new Error(`no e-mail to ${to} with a ${path} link in /dev/mailbox after 30 s`);
    await page.waitForTimeout(500);
  }
}

/** The ids of the e-mails to `to` in the development mailbox now (to tell a later one apart). */
export async function mailIds(page: Page, to: string): Promise<Set<string>> {
  const origin = new URL(page.url()).origin;
  const list = (await (await page.request.get(`${origin}/dev/mailbox/messages?to=${encodeURIComponent(to.toLowerCase())}`)).json()) as { messages: { id: string }[] };
  return new Set(list.messages.map((m) => m.id));
}

/** The sign-in form (on /auth, or where a guarded page sent the visitor). */
export async function signIn(page: Page, email: string, password: string): Promise<void> {
  await page.getByRole('tab', { name: 'Sign In' }).waitFor();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  // Brands and creators are welcomed back; support staff are told they are in the support console.
  await seeText(page, /^(Welcome back!|Signed in to support)$/);
}

export async function openTab(page: Page, name: 'Overview' | 'Discover' | 'Profile' | 'Availability' | 'Bookings' | 'Messages') {
  // A tab may carry its unread count ("Bookings 2 unread").
  const tab = page.getByRole('tab', { name: new RegExp(`^${name}(\\s*\\d+\\+? unread)?$`) });
  await tab.click();
  await expect.poll(() => tab.getAttribute('aria-selected'), { timeout: 30_000 }).toBe('true');
}

/** A creator card on Discover. */
export const creatorCard = (page: Page, name: string) => page.getByRole('article', { name, exact: true });

/** The hour button of the creator page's grid, e.g. hourButton(page, '10:00 AM – 11:00 AM', 'available'). */
export function hourButton(page: Page, range: string, state: 'available' | 'selected' | 'booked' | 'past' = 'available') {
  return page.getByRole('list', { name: 'Time slots' }).getByRole('button', { name: textRe(`${range}, ${state}`, { whole: true }) });
}

/** The creator page's calendar day, e.g. 'Tuesday, June 10, 2031'. */
export const calendarDay = (page: Page, longDate: string) =>
  page.getByRole('group', { name: 'Choose a date' }).getByRole('button', { name: new RegExp(`^${escape(longDate)}`) });

/** On the creator page: pick the day and hours, Book, confirm the dialog; lands on the checkout page. */
export async function bookHours(
  page: Page,
  longDate: string,
  ranges: string[],
  details?: string,
  /** Looks at the confirm dialog before it is confirmed. */
  inspect?: (dialog: Locator) => Promise<void>,
): Promise<void> {
  await calendarDay(page, longDate).click();
  await expect.poll(() => calendarDay(page, longDate).getAttribute('aria-pressed'), { timeout: 30_000 }).toBe('true');
  for (const range of ranges) {
    await hourButton(page, range).click();
    await hourButton(page, range, 'selected').waitFor();
  }
  await openCheckoutDialog(page);
  const dialog = page.getByRole('dialog', { name: 'Confirm your booking' });
  if (details) await dialog.getByLabel('Booking details (optional)').fill(details);
  if (inspect) await inspect(dialog);
  await dialog.getByRole('button', { name: 'Confirm & Pay' }).click();
  await page.waitForURL(/\/stripe-checkout\?/);
}

/** Book → the checkout dialog. */
export async function openCheckoutDialog(page: Page): Promise<Locator> {
  await page.getByRole('button', { name: 'Book', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Confirm your booking' });
  await dialog.waitFor();
  return dialog;
}

export const CARDS = { ok: '4242 4242 4242 4242', declined: '4000 0000 0000 0002' } as const;

/** The checkout page's card form: fill it and press Complete Payment. */
export async function payWithCard(page: Page, cardNumber: string, name: string): Promise<void> {
  await page.getByRole('heading', { name: 'Complete Your Payment' }).waitFor();
  await page.getByLabel('Card number').fill(cardNumber);
  await page.getByLabel('Expiry (MM/YY)').fill('12/39');
  await page.getByLabel('CVC').fill('123');
  await page.getByLabel('Name on card').fill(name);
  await page.getByRole('button', { name: 'Complete Payment' }).click();
}

/** "My Bookings": the card of the booking on `day` ("Tue, Jun 10") at `range` ("10:00 AM – 12:00 PM"). */
export function bookingCard(page: Page, day: string, range: string): Locator {
  return page
    .getByRole('article')
    .filter({ has: page.getByRole('heading', { level: 3 }) })
    .filter({ hasText: textRe(`${day} · ${range}`) });
}

export type BookingGroupName = 'Upcoming' | 'Requests' | 'Past' | 'Cancelled';

/** My Bookings: show one group (the viewer picks its tab, "Requests (2)"), where a booking is now. */
export async function openBookingGroup(page: Page, group: BookingGroupName): Promise<void> {
  const tab = page.getByRole('tablist', { name: 'Booking groups' }).getByRole('tab', { name: new RegExp(`^${group}\\s*\\(\\s*\\d+\\s*\\)$`) });
  await tab.click();
  await expect.poll(() => tab.getAttribute('aria-selected'), { timeout: 30_000 }).toBe('true');
}

/** Waits for the booking's status badge ("Confirmed", "Cancelled", ...). */
export async function expectStatus(card: Locator, status: string, timeout = 30_000): Promise<void> {
  await card.getByLabel(`Status: ${status}`, { exact: true }).waitFor({ timeout });
}

export async function expectPayment(card: Locator, payment: string, timeout = 30_000): Promise<void> {
  await card.getByLabel(`Payment: ${payment}`, { exact: true }).waitFor({ timeout });
}

/**
 * Marks the page's current document; `expectSameDocument` then proves the page was not reloaded or
 * navigated away in between (what changed on screen arrived live).
 */
export async function markDocument(page: Page): Promise<void> {
  await page.evaluate(() => {
    (window as unknown as { __e2eMark?: boolean }).__e2eMark = true;
  });
}

export async function expectSameDocument(page: Page): Promise<void> {
  const marked = await page.evaluate(() => (window as unknown as { __e2eMark?: boolean }).__e2eMark === true);
  if (!marked) throw new Error('the page was reloaded: this change should have arrived live');
}

/** The navigation bar's bell ("Notifications" or "Notifications, 3 unread"). */
export const bell = (page: Page) => page.getByRole('banner').getByRole('button', { name: /^Notifications(, \d+ unread)?$/ });

/** Waits until the bell counts `unread` unread notifications. */
export async function expectBell(page: Page, unread: number, timeout = 30_000): Promise<void> {
  await expect
    .poll(async () => (await bell(page).getAttribute('aria-label', { timeout }).catch(() => '')) ?? '', { timeout, interval: 250 })
    .toBe(unread === 0 ? 'Notifications' : `Notifications, ${unread} unread`);
}

/**
 * A conversation's row in the Messages list, named by its words: the other party, ", N unread"
 * when something is (Chrome may put a space before the comma), then the time and the last message.
 */
export const conversationRow = (page: Page, name: string, unread: number) =>
  page.getByRole('button', { name: new RegExp(`^${escape(name)}\\s*,\\s*${unread} unread\\b`) });
