import { mkdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { tabsFor, type DashboardTab } from '../src/features/dashboard/lib/dashboard-tabs';
import { gql, verifiedAccount } from './support/api';
import { axeViolations, step, type Actor } from './support/browser';
import { journey } from './support/journey';
import { bell, calendarDay, hourButton, openBookingGroup, openCheckoutDialog, signIn } from './support/ui';

/**
 * axe-core on every page and every e-mail: no serious or critical finding anywhere.
 *
 * Pages: every route of the client router (read from client/src/app/routes.tsx, so a new route
 * fails the first test until it has an entry in PAGES), each as the role that sees it (visitor,
 * brand, creator, support), every dashboard tab of each account type (from dashboard-tabs.ts) and
 * the main dialogs (message, checkout, review, dispute, API key, two-step sign-in, the bell), at 1280 and 390 px.
 * E-mails: every e-mail the mail module sends (the server's `email-samples` CLI renders one per
 * e-mailed topic with the real template), loaded into the browser and checked at both widths.
 *
 * One server, seeded once over the API; every finding of a part is listed before it fails.
 * SHOTS_DIR set: a screenshot of each checked state at each width goes there.
 */

const here = path.dirname(fileURLToPath(import.meta.url));
const ROUTES_FILE = path.resolve(here, '..', 'src', 'app', 'routes.tsx');
const SHOTS_DIR = process.env.SHOTS_DIR;
const WIDTHS = [1280, 390] as const;
const PASSWORD = 'correct-horse-battery-9';
const CREATOR = { email: 'rae@creators.test', name: 'Rae Streams' };
const BRAND = { email: 'team@acme-drinks.test', name: 'Acme Drinks', about: 'We make fizzy drinks for gamers and sponsor cozy streams.' };
const SUPPORT = { email: 'help@collabhub.test' };

/** Monday 9 June 2031, 08:00 in Berlin (every browser here reads Europe/Berlin). */
const START = new Date('2031-06-09T06:00:00Z');
const hour = (iso: string) => ({ startTime: new Date(iso).toISOString(), endTime: new Date(new Date(iso).getTime() + 3_600_000).toISOString() });
/** Monday 13:00: over by 15:30 and disputed (the support console's case). */
const DISPUTED = hour('2031-06-09T11:00:00Z');
/** Monday 14:00 and 15:00 (accepted; once the clock is at 15:30, the first is over and the second has started). */
const DONE = hour('2031-06-09T12:00:00Z');
const STARTED = hour('2031-06-09T13:00:00Z');
/** Wednesday 10:00: a request the creator has not answered. */
const REQUESTED = hour('2031-06-11T08:00:00Z');
/** Thursday 09:00-17:00 free; 12:00 is left unpaid at checkout. */
const FREE = { startTime: '2031-06-12T07:00:00Z', endTime: '2031-06-12T15:00:00Z' };
const UNPAID = hour('2031-06-12T10:00:00Z');
/** Monday 15:30 in Berlin. */
const LATER = new Date('2031-06-09T13:30:00Z');

type Role = 'visitor' | 'brand' | 'creator' | 'support';
/** One state of a page to check: who looks, what it is, how they get there from anywhere. */
interface PageState {
  role: Role;
  label: string;
  open: (page: Page) => Promise<void>;
}

/** What the seeding left for the checks (ids for links). */
const seeded = { creatorId: '', brandId: '', conversationId: '', checkoutUrl: '' };

const dashboard = async (page: Page, tab: DashboardTab, query = '') => {
  await page.goto(`/dashboard${tab === 'overview' ? '' : `?tab=${tab}`}${query}`);
  // (a tab's name may carry its unread count: "Bookings 2 unread")
  await page.getByRole('tab', { name: new RegExp(`^${tab}`, 'i'), selected: true }).first().waitFor();
  await page.getByRole('tabpanel').first().waitFor();
};

/** What shows that a tab has loaded what it shows (a page still loading is checked mid-change otherwise). */
const TAB_LOADED: Partial<Record<DashboardTab, (page: Page) => ReturnType<Page['getByRole']>>> = {
  discover: (page) => page.getByRole('article', { name: CREATOR.name, exact: true }),
  bookings: (page) => page.getByRole('tablist', { name: 'Booking groups' }),
  messages: (page) => page.getByRole('button', { name: new RegExp(`^(${BRAND.name}|${CREATOR.name})`) }).first(),
  developers: (page) => page.getByRole('button', { name: 'Create API key' }),
};

/** A dashboard state per tab an account type has (a new tab is checked by itself). */
const tabsOf = (role: 'brand' | 'creator'): PageState[] =>
  tabsFor(role === 'brand' ? 'BRAND' : 'CREATOR').map((tab) => ({
    role,
    label: `dashboard: ${tab} (${role})`,
    open: async (page) => {
      await dashboard(page, tab);
      await TAB_LOADED[tab]?.(page).waitFor();
    },
  }));

/**
 * Every route of the router and the states checked on it. The first test fails when the router
 * has a route this table does not name (or the table names one the router no longer has).
 */
const PAGES: Record<string, PageState[]> = {
  '/': [{ role: 'visitor', label: 'landing', open: (page) => goAndSee(page, '/', page.getByRole('heading', { level: 1 })) }],
  '/auth': [
    { role: 'visitor', label: 'sign in', open: (page) => goAndSee(page, '/auth', page.getByRole('button', { name: 'Sign In', exact: true })) },
    {
      role: 'visitor',
      label: 'join: choose an account type',
      open: async (page) => {
        await goAndSee(page, '/auth?mode=join', page.getByRole('tab', { name: 'Join', selected: true }));
        await page.getByRole('button', { name: 'Choose Brand Account' }).click();
        await page.getByRole('button', { name: 'Create Account' }).waitFor();
      },
    },
  ],
  '/forgot-password': [{ role: 'visitor', label: 'forgot password', open: (page) => goAndSee(page, '/forgot-password', page.getByLabel('Email')) }],
  '/reset-password': [{ role: 'visitor', label: 'reset password', open: (page) => goAndSee(page, '/reset-password?token=not-a-real-token', page.getByRole('heading').first()) }],
  '/verify-email': [{ role: 'visitor', label: 'verify e-mail (a spent link)', open: (page) => goAndSee(page, '/verify-email?token=not-a-real-token', page.getByRole('heading').first()) }],
  '/dashboard': [
    ...tabsOf('creator'),
    {
      role: 'creator',
      label: 'bookings: a request with its brand',
      open: async (page) => {
        await dashboard(page, 'bookings');
        await openBookingGroup(page, 'Requests');
        await page.getByRole('region', { name: `About the brand: ${BRAND.name}` }).waitFor();
      },
    },
    { role: 'creator', label: 'messages: the thread open', open: (page) => openThread(page, BRAND.name) },
    ...tabsOf('brand'),
    { role: 'brand', label: 'messages: the thread open', open: (page) => openThread(page, CREATOR.name) },
    {
      role: 'brand',
      label: 'the bell open',
      open: async (page) => {
        await dashboard(page, 'overview');
        await bell(page).click();
        await page.getByRole('dialog', { name: 'Notifications' }).waitFor();
      },
    },
    {
      role: 'brand',
      label: 'review dialog',
      open: async (page) => {
        await dashboard(page, 'bookings');
        await openBookingGroup(page, 'Past');
        await page.getByRole('button', { name: 'Review', exact: true }).first().click();
        await page.getByRole('dialog', { name: `Review ${CREATOR.name}` }).getByRole('radio', { name: '5 stars' }).click();
      },
    },
    {
      role: 'brand',
      label: 'dispute dialog',
      open: async (page) => {
        await dashboard(page, 'bookings');
        await openBookingGroup(page, 'Upcoming');
        await page.getByRole('button', { name: 'Dispute', exact: true }).first().click();
        await page.getByRole('dialog', { name: 'Open a dispute' }).getByLabel(/^Reason/).fill('The stream ended after twenty minutes.');
      },
    },
    {
      role: 'brand',
      label: 'developers: create an API key',
      open: async (page) => {
        await dashboard(page, 'developers');
        await page.getByRole('button', { name: 'Create API key' }).click();
        await page.getByRole('dialog', { name: 'Create an API key' }).getByLabel(/^Name/).fill('Agency dashboard');
      },
    },
  ],
  '/creators': [{ role: 'visitor', label: 'marketplace', open: (page) => goAndSee(page, '/creators', page.getByRole('article', { name: CREATOR.name, exact: true })) }],
  '/streamer/:id': [
    { role: 'visitor', label: 'creator page', open: (page) => goAndSee(page, `/streamer/${seeded.creatorId}`, page.getByRole('heading', { level: 1, name: CREATOR.name })) },
    {
      role: 'brand',
      label: 'creator page: ask the creator (message dialog)',
      open: async (page) => {
        await goAndSee(page, `/streamer/${seeded.creatorId}`, page.getByRole('heading', { level: 1, name: CREATOR.name }));
        await page.getByRole('button', { name: 'Message', exact: true }).click();
        await page.getByRole('dialog', { name: `Message ${CREATOR.name}` }).getByRole('textbox', { name: `Message to ${CREATOR.name}` }).fill('Are you free next week?');
      },
    },
    {
      role: 'brand',
      label: 'creator page: hours picked, checkout dialog',
      open: async (page) => {
        await goAndSee(page, `/streamer/${seeded.creatorId}`, page.getByRole('heading', { level: 1, name: CREATOR.name }));
        await calendarDay(page, 'Thursday, June 12, 2031').click();
        await hourButton(page, '2:00 PM – 3:00 PM').click();
        await hourButton(page, '2:00 PM – 3:00 PM', 'selected').waitFor();
        await openCheckoutDialog(page);
      },
    },
  ],
  '/brand/:id': [{ role: 'visitor', label: 'brand page', open: (page) => goAndSee(page, `/brand/${seeded.brandId}`, page.getByRole('heading', { level: 1, name: BRAND.name })) }],
  '/stripe-checkout': [
    { role: 'brand', label: 'checkout page', open: (page) => goAndSee(page, seeded.checkoutUrl, page.getByRole('heading', { name: 'Complete Your Payment' })) },
  ],
  '/support': [
    {
      role: 'support',
      label: 'support console',
      open: (page) => goAndSee(page, '/support', page.getByRole('article', { name: `Dispute: ${BRAND.name} × ${CREATOR.name}` })),
    },
  ],
  '/settings': [
    { role: 'creator', label: 'settings', open: (page) => goAndSee(page, '/settings', page.getByRole('button', { name: 'Set up two-step sign-in' })) },
    {
      role: 'brand',
      label: 'settings: two-step sign-in being set up',
      open: async (page) => {
        await goAndSee(page, '/settings', page.getByRole('button', { name: 'Set up two-step sign-in' }));
        await page.getByRole('button', { name: 'Set up two-step sign-in' }).click();
        await page.getByRole('img', { name: /QR code/ }).waitFor();
      },
    },
  ],
  '/about': [{ role: 'visitor', label: 'about', open: (page) => goAndSee(page, '/about', page.getByRole('heading', { name: /mission/i }).first()) }],
  '/contact': [{ role: 'visitor', label: 'contact', open: (page) => goAndSee(page, '/contact', page.getByLabel(/^Message/)) }],
  '/faq': [
    {
      role: 'visitor',
      label: 'faq, a question open',
      open: async (page) => {
        await goAndSee(page, '/faq', page.getByRole('button', { name: 'How does booking a creator work?' }));
        await page.getByRole('button', { name: 'How does booking a creator work?' }).click();
      },
    },
  ],
  '/privacy-policy': [{ role: 'visitor', label: 'privacy policy', open: (page) => goAndSee(page, '/privacy-policy', page.getByRole('heading', { name: 'Information We Collect' })) }],
  '/terms-of-use': [{ role: 'visitor', label: 'terms of use', open: (page) => goAndSee(page, '/terms-of-use', page.getByRole('heading', { name: 'Prohibited Activities' })) }],
  '*': [{ role: 'visitor', label: 'page not found', open: (page) => goAndSee(page, '/no-such-page', page.getByRole('heading', { name: 'Page Not Found' })) }],
};

async function goAndSee(page: Page, url: string, ready: ReturnType<Page['getByRole']>) {
  await page.goto(url);
  await ready.waitFor();
}

async function openThread(page: Page, other: string) {
  await page.goto(`/dashboard?tab=messages&conversation=${seeded.conversationId}`);
  await page.getByRole('button', { name: 'Send message' }).waitFor();
  await page.getByText(other).first().waitFor();
}

/** The router's paths, read from its source: "/" for the index route, "*" for the catch-all. */
async function routerPaths(): Promise<string[]> {
  const source = await readFile(ROUTES_FILE, 'utf8');
  const paths = [...source.matchAll(/\bpath:\s*'([^']*)'/g)].map((m) => (m[1] === '*' ? '*' : `/${m[1]}`));
  if (/\bindex:\s*true\b/.test(source)) paths.unshift('/');
  return paths;
}

const { world, actor, part } = journey(START);
const actors = {} as Record<Role, Actor>;
/** The page the e-mails are opened in, and the e-mails. */
let reader: Actor;
let samples: { name: string; subject: string; html: string }[] = [];

/** Every e-mail the mail module declares, rendered by the server's own template (its `email-samples` CLI). */
async function renderSamples(): Promise<void> {
  const out = path.join(os.tmpdir(), `email-samples-${process.pid}.json`);
  await world.server.cli('email-samples', [out, world.server.url]);
  samples = JSON.parse(await readFile(out, 'utf8'));
  await rm(out, { force: true });
}

/** axe at each width; the findings are collected (all listed when the part fails), screenshots when asked. */
async function checkAtEachWidth(a: Actor, label: string, findings: string[]): Promise<void> {
  // Settled first: a button that shows a query in flight (Chakra's data-loading) fades back when it lands, mid-check otherwise.
  await expect.poll(() => a.page.locator('[data-loading]').count(), { timeout: 30_000, message: `${label}: something is still loading` }).toBe(0);
  for (const width of WIDTHS) {
    await a.page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    const found = await axeViolations(a.page);
    if (found.length > 0) findings.push(`${label} at ${width} px (${a.name}):\n  ${found.join('\n  ')}`);
    if (SHOTS_DIR) {
      await mkdir(SHOTS_DIR, { recursive: true });
      await a.page.screenshot({ path: path.join(SHOTS_DIR, `${a.name}-${label.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '').toLowerCase()}-${width}.png`), fullPage: true });
    }
  }
  await a.page.setViewportSize({ width: 1280, height: 900 });
}

it('every route of the router has an entry in the table of pages checked', async () => {
  const routes = await routerPaths();
  expect(routes.length).toBeGreaterThan(10);
  expect([...routes].sort(), 'routes in client/src/app/routes.tsx vs PAGES in this file').toEqual(Object.keys(PAGES).sort());
  for (const [route, states] of Object.entries(PAGES)) expect(states.length, `${route} has no state to check`).toBeGreaterThan(0);
});

part('seed: a creator with hours, a brand that wrote and booked (done, started, requested), support', async () => {
  const started = performance.now();
  const url = world.server.url;
  // (the two accounts and the e-mail samples at once: each waits on the e-mail worker or a process start)
  const [creatorToken, brandToken] = await Promise.all([verifiedAccount(url, 'CREATOR', CREATOR.email, PASSWORD), verifiedAccount(url, 'BRAND', BRAND.email, PASSWORD), renderSamples()]);
  const { createProfile: creator } = await gql(
    url,
    `mutation ($input: CreateProfileInput!) { createProfile(input: $input) { id } }`,
    { input: { displayName: CREATOR.name, bio: 'Cozy strategy streams, four nights a week.', hourlyRateCents: 5000, platforms: ['TWITCH'], twitchUsername: 'rae_streams' } },
    creatorToken,
  );
  seeded.creatorId = creator.id;
  for (const slot of [DISPUTED, DONE, STARTED, REQUESTED, FREE]) {
    await gql(url, `mutation ($input: AddAvailabilityInput!) { addAvailability(input: $input) { id } }`, { input: slot }, creatorToken);
  }
  const { createProfile: brand } = await gql(url, `mutation ($input: CreateProfileInput!) { createProfile(input: $input) { id } }`, { input: { displayName: BRAND.name, bio: BRAND.about } }, brandToken);
  seeded.brandId = brand.id;
  const { startConversation } = await gql(
    url,
    `mutation ($id: ID!, $text: String!) { startConversation(creatorId: $id, text: $text) { id } }`,
    { id: creator.id, text: 'Hi Rae! Could you play our new drink into a stream?' },
    brandToken,
  );
  seeded.conversationId = startConversation.id;
  const checkout = async (hours: { startTime: string; endTime: string }, pay: boolean) => {
    const { createBookingCheckout } = await gql(
      url,
      `mutation ($input: CreateBookingCheckoutInput!) { createBookingCheckout(input: $input) { paymentIntentId checkoutUrl booking { id } } }`,
      { input: { creatorId: creator.id, ...hours } },
      brandToken,
    );
    if (pay) {
      const paid = await fetch(`${url}/api/v1/local-payments/${createBookingCheckout.paymentIntentId}/confirm`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${brandToken}` },
        body: JSON.stringify({ cardNumber: '4242424242424242', expiry: '12/40', cvc: '123' }),
      });
      expect(paid.status).toBe(200);
    }
    return createBookingCheckout as { checkoutUrl: string; booking: { id: string } };
  };
  const done = await checkout(DONE, true);
  const live = await checkout(STARTED, true);
  await checkout(REQUESTED, true);
  const disputed = await checkout(DISPUTED, true);
  const unpaid = new URL((await checkout(UNPAID, false)).checkoutUrl, url);
  seeded.checkoutUrl = unpaid.pathname + unpaid.search;
  for (const b of [done, live, disputed]) await gql(url, `mutation ($id: ID!) { acceptBooking(bookingId: $id) { id } }`, { id: b.booking.id }, creatorToken);
  // Monday 15:30: the first booking is over (both confirm it: completed, to review), the second has started (disputable).
  await world.clock.set(LATER);
  // (access tokens are short-lived: a new one on the moved clock)
  const login = async (email: string): Promise<string> =>
    (await gql(url, `mutation ($input: LoginInput!) { login(input: $input) { tokens { accessToken } } }`, { input: { email, password: PASSWORD } })).login.tokens.accessToken;
  const [brandLater, creatorLater] = [await login(BRAND.email), await login(CREATOR.email)];
  await gql(url, `mutation ($id: ID!) { confirmBookingCompletion(bookingId: $id) { id } }`, { id: done.booking.id }, brandLater);
  await gql(url, `mutation ($id: ID!) { confirmBookingCompletion(bookingId: $id) { id } }`, { id: done.booking.id }, creatorLater);
  // A dispute for the support console (on a booking of its own, so the brand can still open the dialog on the started one).
  await gql(url, `mutation ($input: OpenDisputeInput!) { openDispute(input: $input) { id } }`, { input: { bookingId: disputed.booking.id, reason: 'The stream ended after twenty minutes.' } }, brandLater);
  await world.server.cli('create-support', [SUPPORT.email, PASSWORD]);
  process.stdout.write(`  seeded in ${((performance.now() - started) / 1000).toFixed(1)} s\n`);

  const signInAs = async (role: Role, email?: string) => {
    actors[role] = await actor(role);
    if (email) {
      await actors[role].page.goto('/auth');
      await signIn(actors[role].page, email, PASSWORD);
    }
  };
  await Promise.all([signInAs('visitor'), signInAs('creator', CREATOR.email), signInAs('brand', BRAND.email), signInAs('support', SUPPORT.email), actor('reader').then((a) => (reader = a))]);
});

/** Every state of the table the role sees, in order: axe at both widths; the findings listed. */
async function checkRole(role: Role, findings: string[]): Promise<void> {
  const started = performance.now();
  let states = 0;
  for (const [route, list] of Object.entries(PAGES)) {
    for (const state of list.filter((s) => s.role === role)) {
      states++;
      await step(`${role}: ${route} — ${state.label}`, [actors[role]], async () => {
        await actors[role].page.setViewportSize({ width: 1280, height: 900 });
        await state.open(actors[role].page);
        await checkAtEachWidth(actors[role], `${route} ${state.label}`, findings);
      });
    }
  }
  process.stdout.write(`  ${states} states of the ${role} checked in ${((performance.now() - started) / 1000).toFixed(1)} s\n`);
}

/** Every e-mail the product sends (rendered during the seed), loaded into a page of its own: axe at both widths. */
async function checkEmails(findings: string[]): Promise<void> {
  const started = performance.now();
  // One per e-mailed topic and more: a registry that came back empty would check nothing.
  expect(samples.length).toBeGreaterThan(20);
  for (const mail of samples) {
    await reader.page.setContent(mail.html);
    await checkAtEachWidth(reader, `e-mail ${mail.name}: "${mail.subject}"`, findings);
  }
  process.stdout.write(`  ${samples.length} e-mails checked in ${((performance.now() - started) / 1000).toFixed(1)} s\n`);
}

// The four users and the e-mails side by side (each its own page; the server and axe share the machine).
part('axe on every page each role sees and on every e-mail, at 1280 and 390 px', async () => {
  const started = performance.now();
  const findings: string[] = [];
  const results = await Promise.allSettled([...(['visitor', 'creator', 'brand', 'support'] as const).map((role) => checkRole(role, findings)), checkEmails(findings)]);
  process.stdout.write(`  all checked in ${((performance.now() - started) / 1000).toFixed(1)} s\n`);
  const broken = results.flatMap((r) => (r.status === 'rejected' ? [r.reason instanceof Error ? r.reason.message : String(r.reason)] : []));
  expect(broken, broken.join('\n')).toEqual([]);
  expect(findings, findings.join('\n')).toEqual([]);
});
