import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gql, verifiedAccount } from './support/api';
import { expectAccessible, launchBrowser, newActor, step, type Actor } from './support/browser';
import { startE2EServer, type E2EServer } from './support/server';
import { creatorCard, hourButton, signIn } from './support/ui';

/**
 * The public marketplace, as a visitor without an account: the landing's search leads to
 * /creators, which filters by platform and price, sorts, shows each creator's next free hour and
 * marks new creators; a creator page shows the linked channels and the hours; picking hours and
 * pressing Book asks to sign in and comes back to the same hours. Unknown creator links say so.
 * Over HTTP: the sitemap, robots.txt, and a creator page's head (title, Open Graph, canonical) and
 * first data as the server sends them. Screenshots at 1280 and 390 px into SHOTS_DIR
 * (default /work/shots/marketplace).
 */

const SHOTS_DIR = process.env.SHOTS_DIR ?? '/work/shots/marketplace';
const PASSWORD = 'correct-horse-battery-9';
const BRAND_EMAIL = 'buyer@brands.test';

let server: E2EServer;
let browser: Browser;
let visitor: Actor;
const ids: Record<string, string> = {};

/** 10:00 Berlin (the browser's zone) `days` days from now, as the API takes it. */
function berlinHour(days: number, hour: number): Date {
  const d = new Date(Date.now() + days * 86_400_000);
  // Berlin is UTC+1 in winter and UTC+2 in summer; Intl tells which.
  const offset = new Intl.DateTimeFormat('en-US', { timeZone: 'Europe/Berlin', timeZoneName: 'shortOffset' })
    .formatToParts(d)
    .find((p) => p.type === 'timeZoneName')!
    .value.replace('GMT', '');
  const hours = Number(offset || '0');
  return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate(), hour - hours));
}

async function creator(
  key: string,
  email: string,
  profile: Record<string, unknown>,
  hours?: { days: number; from: number; to: number },
): Promise<void> {
  const token = await verifiedAccount(server.url, 'CREATOR', email, PASSWORD);
  const { createProfile } = await gql(server.url, `mutation ($input: CreateProfileInput!) { createProfile(input: $input) { id } }`, { input: profile }, token);
  ids[key] = createProfile.id;
  if (hours) {
    await gql(
      server.url,
      `mutation ($input: AddAvailabilityInput!) { addAvailability(input: $input) { id } }`,
      { input: { startTime: berlinHour(hours.days, hours.from).toISOString(), endTime: berlinHour(hours.days, hours.to).toISOString() } },
      token,
    );
  }
}

async function shot(page: Page, name: string) {
  await mkdir(SHOTS_DIR, { recursive: true });
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    // No sideways scrolling at either width.
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth), `${name} at ${width}`).toBeLessThanOrEqual(0);
    await page.screenshot({ path: path.join(SHOTS_DIR, `${name}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

const cardNames = (page: Page) => page.getByRole('list', { name: 'Creators' }).getByRole('heading', { level: 2 }).allTextContents();

beforeAll(async () => {
  server = await startE2EServer();
  browser = await launchBrowser();
  visitor = await newActor(browser, 'visitor', server.url);
  await creator(
    'mara',
    'mara@creators.test',
    { displayName: 'Mara Plays', bio: 'Cozy strategy games every evening.', hourlyRateCents: 4000, platforms: ['TWITCH'], twitchUsername: 'mara_plays', timezone: 'Europe/Berlin' },
    { days: 3, from: 10, to: 13 },
  );
  await creator(
    'yuki',
    'yuki@creators.test',
    { displayName: 'Yuki Builds', bio: 'Tech reviews and desk setups.', hourlyRateCents: 12000, platforms: ['YOUTUBE', 'TWITCH'], youtubeHandle: '@yukibuilds', twitchUsername: 'yukibuilds', timezone: 'Europe/Berlin' },
    { days: 5, from: 14, to: 16 },
  );
  await creator('tess', 'tess@creators.test', {
    displayName: 'Tess Dances',
    bio: 'Short dance videos.',
    hourlyRateCents: 6000,
    platforms: ['TIKTOK'],
    tiktokHandle: '@tessdances',
  });
  await verifiedAccount(server.url, 'BRAND', BRAND_EMAIL, PASSWORD);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('the public marketplace', () => {
  it('serves robots.txt, a sitemap of public pages and listed creators, and per-creator heads', async () => {
    const robots = await (await fetch(`${server.url}/robots.txt`)).text();
    expect(robots).toContain(`Sitemap: ${server.url}/sitemap.xml`);
    expect(robots).toContain('Disallow: /dashboard');

    const sitemap = await fetch(`${server.url}/sitemap.xml`);
    expect(sitemap.headers.get('content-type')).toMatch(/xml/);
    const xml = await sitemap.text();
    for (const p of ['/creators', '/about', `/streamer/${ids.mara}`, `/streamer/${ids.yuki}`, `/streamer/${ids.tess}`]) {
      expect(xml).toContain(`<loc>${server.url}${p}</loc>`);
    }

    const res = await fetch(`${server.url}/streamer/${ids.yuki}`);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('<title>Yuki Builds · YouTube, Twitch creator · CollabHub</title>');
    expect(html).toContain(`<link rel="canonical" href="${server.url}/streamer/${ids.yuki}">`);
    expect(html).toContain('<meta property="og:title" content="Yuki Builds · YouTube, Twitch creator">');
    expect(html).toContain('<meta property="og:type" content="profile">');
    expect(html).toMatch(/<meta property="og:description" content="Book Yuki Builds \(YouTube, Twitch\) for a brand collaboration: \$120\/hour, minimum 1 hour, new on CollabHub\. Tech reviews and desk setups\.">/);
    expect(html).toContain('<meta name="twitter:card" content="summary">');
    // The page's first query is answered in the HTML: the profile and its hours.
    const data = JSON.parse(/<script type="application\/json" id="initial-queries">([\s\S]*?)<\/script>/.exec(html)![1]!);
    expect(data[0].data.creator.displayName).toBe('Yuki Builds');
    expect(data[0].data.availabilitySlots).toHaveLength(2);

    const marketplace = await (await fetch(`${server.url}/creators`)).text();
    expect(marketplace).toContain('<title>Find creators for your brand · CollabHub</title>');
    expect(marketplace).toContain(`<link rel="canonical" href="${server.url}/creators">`);

    const unknown = await fetch(`${server.url}/streamer/00000000-0000-4000-8000-000000000000`);
    expect(unknown.status).toBe(404);
    expect(await unknown.text()).toContain('<meta name="robots" content="noindex">');
  });

  it('a visitor searches from the landing, filters by platform and price, sorts, and sees next free hours', async () => {
    const { page } = visitor;
    await step('landing search leads to the marketplace', [visitor], async () => {
      await page.goto('/');
      const search = page.getByRole('search', { name: 'Find creators' });
      await search.getByLabel('Platform').selectOption('twitch');
      await search.getByRole('button', { name: 'Find creators' }).click();
      await page.waitForURL('**/creators?platform=twitch');
      await page.getByRole('heading', { name: 'Find creators', level: 1 }).waitFor();
      await expect.poll(() => cardNames(page), { timeout: 30_000 }).toEqual(expect.arrayContaining(['Mara Plays', 'Yuki Builds']));
      expect(await cardNames(page)).toHaveLength(2);
    });

    await step('cards show the next free hour and mark new creators', [visitor], async () => {
      const mara = creatorCard(page, 'Mara Plays');
      await mara.getByText(/^Next free \w{3}, \w{3} \d{1,2}, 10:00 AM$/).waitFor();
      await mara.getByText('New', { exact: true }).waitFor();
      await expectAccessible(page, 'marketplace');
    });

    await step('filters by price, all platforms', [visitor], async () => {
      const bar = page.getByRole('search', { name: 'Search creators' });
      const filters = bar.getByLabel('Platform');
      if (!(await filters.isVisible())) await bar.getByRole('button', { name: /^Filters/ }).click();
      await filters.selectOption('');
      await bar.getByLabel('Min price ($/hour)').fill('50');
      await bar.getByRole('button', { name: 'Search' }).click();
      await page.waitForURL(/min=50/);
      await expect.poll(() => cardNames(page), { timeout: 30_000 }).toEqual(expect.arrayContaining(['Yuki Builds', 'Tess Dances']));
      expect(await cardNames(page)).toHaveLength(2);
      // A bad range is named under its field and searches nothing.
      await bar.getByLabel('Max price ($/hour)').fill('20');
      await bar.getByRole('button', { name: 'Search' }).click();
      await bar.getByText('The lowest price must not be more than the highest').waitFor();
      expect(page.url()).not.toMatch(/max=20/);
      await bar.getByLabel('Max price ($/hour)').fill('');
    });

    await step('sorts by price and by soonest free', [visitor], async () => {
      const sort = page.getByLabel('Sort by');
      await sort.selectOption('PRICE_ASC');
      await page.waitForURL(/sort=price_asc/);
      await expect.poll(() => cardNames(page), { timeout: 30_000 }).toEqual(['Tess Dances', 'Yuki Builds']);
      await sort.selectOption('SOONEST');
      await expect.poll(() => cardNames(page), { timeout: 30_000 }).toEqual(['Yuki Builds', 'Tess Dances']);
      await creatorCard(page, 'Tess Dances').getByText('No free hours yet').waitFor();
      await shot(page, 'creators');
    });

    await step('while a search is on its way its button keeps its name (busy), and the page passes axe', [visitor], async () => {
      const bar = page.getByRole('search', { name: 'Search creators' });
      let release = () => {};
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route('**/graphql', async (route) => {
        await held;
        await route.continue();
      });
      try {
        await bar.getByLabel('Min price ($/hour)').fill('40');
        await bar.getByRole('button', { name: 'Search' }).click();
        const search = bar.getByRole('button', { name: 'Search' });
        await expect.poll(() => search.getAttribute('data-loading')).toBe('');
        expect(await search.isDisabled()).toBe(true);
        await expectAccessible(page, 'marketplace while searching');
      } finally {
        release();
        await page.unrouteAll({ behavior: 'wait' });
      }
      await expect.poll(() => bar.getByRole('button', { name: 'Search' }).getAttribute('data-loading')).toBeNull();
    });
  });

  it('a visitor opens a creator, sees the channels and hours, picks hours, signs in and comes back to them', async () => {
    const { page } = visitor;
    await step('open the creator page from its card', [visitor], async () => {
      await creatorCard(page, 'Yuki Builds').getByRole('link', { name: 'View Availability' }).click();
      await page.waitForURL(`**/streamer/${ids.yuki}`);
      await page.getByRole('heading', { name: 'Yuki Builds', level: 1 }).waitFor();
      const youtube = page.getByRole('link', { name: 'YouTube: @yukibuilds (opens in a new tab)' });
      expect(await youtube.getAttribute('href')).toBe('https://www.youtube.com/@yukibuilds');
      expect(await youtube.getAttribute('rel')).toBe('noopener nofollow');
      expect(await page.getByRole('link', { name: 'Twitch: yukibuilds (opens in a new tab)' }).getAttribute('href')).toBe(
        'https://www.twitch.tv/yukibuilds',
      );
      await hourButton(page, '2:00 PM – 3:00 PM').waitFor({ timeout: 30_000 });
      await expectAccessible(page, 'creator page');
      await shot(page, 'creator-page');
    });

    await step('opened directly, the hours come with the page (no slot query)', [visitor], async () => {
      const asked: string[] = [];
      page.on('request', (r) => {
        if (r.url().endsWith('/graphql') && r.method() === 'POST') asked.push(r.postDataJSON()?.operationName ?? '?');
      });
      await page.goto(`/streamer/${ids.yuki}`);
      await hourButton(page, '2:00 PM – 3:00 PM').waitFor({ timeout: 30_000 });
      expect(asked).not.toContain('CreatorPage');
      expect(asked).not.toContain('CreatorPageSlots');
      expect(asked).not.toContain('CreatorPageReviews');
    });

    await step('pick hours and Book: asked to sign in, then back on the same hours', [visitor], async () => {
      await hourButton(page, '2:00 PM – 3:00 PM').click();
      await hourButton(page, '2:00 PM – 3:00 PM', 'selected').waitFor();
      await page.getByRole('button', { name: 'Book' }).click();
      await page.waitForURL('**/auth');
      await signIn(page, BRAND_EMAIL, PASSWORD);
      await page.waitForURL(new RegExp(`/streamer/${ids.yuki}`));
      await hourButton(page, '2:00 PM – 3:00 PM', 'selected').waitFor({ timeout: 30_000 });
    });
  });

  it('an unknown creator link says so, with a way to browse, signed in or not', async () => {
    const { page } = visitor;
    await step('unknown creator, signed in', [visitor], async () => {
      await page.goto('/streamer/00000000-0000-4000-8000-000000000000');
      await page.getByRole('heading', { name: 'This creator does not exist or is no longer listed' }).waitFor({ timeout: 30_000 });
      expect(page.url()).toMatch(/\/streamer\/0{8}/);
    });
    const stranger = await newActor(browser, 'stranger', server.url);
    try {
      await step('unknown creator, signed out', [stranger], async () => {
        await stranger.page.goto('/streamer/not-a-creator');
        await stranger.page.getByRole('heading', { name: 'This creator does not exist or is no longer listed' }).waitFor({ timeout: 30_000 });
        await stranger.page.getByRole('link', { name: 'Browse creators' }).click();
        await stranger.page.waitForURL('**/creators');
        await expectAccessible(stranger.page, 'unknown creator');
      });
    } finally {
      await stranger.context.close();
    }
  });
});
