import type { Browser, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newActor } from './support/browser';
import { gql as api, mailedToken as mailed } from './support/api';
import { startE2EServer, type E2EServer } from './support/server';

/**
 * First contentful paint of every public route, measured in the browser with a PerformanceObserver
 * (buffered, so the paint before the observer is registered counts), each in a fresh browser
 * context (nothing cached), and printed as a table. `E2E_CPU_SLOWDOWN=4` reproduces a loaded
 * machine. A number, not a timed test: the assertion is only that each route painted its content.
 */

let server: E2EServer;
let browser: Browser;

const gql = (query: string, variables: Record<string, unknown>, token?: string) => api(server.url, query, variables, token);
const mailedToken = (to: string, path: string) => mailed(server.url, to, path);

/** A creator to open a creator page of. */
async function aCreator(): Promise<string> {
  const { register } = await gql(
    `mutation ($input: RegisterInput!) { register(input: $input) { tokens { accessToken } } }`,
    { input: { accountType: 'CREATOR', email: 'paint@creators.test', password: 'correct-horse-battery-9' } },
  );
  const { createProfile } = await gql(
    `mutation ($input: CreateProfileInput!) { createProfile(input: $input) { id } }`,
    {
      input: {
        displayName: 'Paint Tester',
        bio: 'Measures first paints.',
        hourlyRateCents: 5000,
        platforms: ['TWITCH'],
        twitchUsername: 'paint',
      },
    },
    register.tokens.accessToken,
  );
  // Only a creator whose address is confirmed is shown: open the link the sign-up e-mailed (the development mailbox).
  await gql(`mutation ($t: String!) { verifyEmail(token: $t) { id } }`, { t: await mailedToken('paint@creators.test', '/verify-email') });
  return createProfile.id as string;
}

beforeAll(async () => {
  server = await startE2EServer();
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function firstPaint(path: string, content: string): Promise<number> {
  const actor = await newActor(browser, `paint ${path}`, server.url);
  try {
    await actor.page.goto(path);
    await actor.page.getByText(content).first().waitFor({ timeout: 30_000 });
    return await actor.page.evaluate(
      () =>
        new Promise<number>((resolve) => {
          new PerformanceObserver((list) => {
            const entry = list.getEntriesByName('first-contentful-paint')[0];
            if (entry) resolve(entry.startTime);
          }).observe({ type: 'paint', buffered: true });
        }),
    );
  } finally {
    await actor.context.close();
  }
}

/** The page as the server sends it, before any script runs. */
async function pageHtml(path: string, status = 200): Promise<string> {
  const res = await fetch(`${server.url}${path}`);
  expect(res.status, path).toBe(status);
  return res.text();
}

describe('first paint per route', () => {
  it("the static pages arrive rendered, and every route's HTML preloads its own chunks", async () => {
    const staticPages: [string, string][] = [
      ['/', 'Book creators by'],
      ['/about', 'Built by creators'],
      ['/faq', 'Frequently'],
      ['/terms-of-use', 'Terms of Use'],
      ['/privacy-policy', 'Privacy Policy'],
    ];
    for (const [path, content] of staticPages) {
      const html = await pageHtml(path);
      const prerendered = html.slice(html.indexOf('<div id="prerender">'), html.indexOf('<div id="root">'));
      expect(prerendered, path).toContain(content);
      expect(prerendered, path).not.toMatch(/<script/);
    }
    // The contact form is not prerendered: text typed into a copy would be lost when the app takes over.
    expect(await pageHtml('/contact')).not.toContain('<div id="prerender">');
    for (const path of ['/about', '/contact', '/auth', '/dashboard', '/creators', '/streamer/any', '/stripe-checkout']) {
      // An unknown creator's page is answered 404 (the app says so), with the same scripts.
      const preloads = (await pageHtml(path, path === '/streamer/any' ? 404 : 200)).match(/<link rel="modulepreload"[^>]*>/g) ?? [];
      // Vite preloads the entry's own imports; the build adds the route's page chunk and its imports.
      expect(preloads.length, path).toBeGreaterThan(2);
    }
    // With scripts off, a static page still shows its content; with scripts on, the app takes it over.
    const noScript = await browser.newContext({ javaScriptEnabled: false });
    const page = await noScript.newPage();
    await page.goto(`${server.url}/about`);
    await page.getByRole('heading', { name: /Built by creators/ }).waitFor();
    await noScript.close();
    const actor = await newActor(browser, 'takeover', server.url);
    await actor.page.goto('/about');
    await actor.page.waitForFunction(() => !document.getElementById('prerender'));
    await actor.page.getByRole('heading', { name: /Built by creators/ }).waitFor();
    expect(await actor.page.locator('#root').isVisible()).toBe(true);

    // A question pressed on the prerendered FAQ before the app runs opens once the app has taken over.
    const held: Route[] = [];
    let release = false;
    await actor.page.route('**/assets/*.js', (route) => (release ? route.continue() : void held.push(route)));
    await actor.page.goto('/faq', { waitUntil: 'commit' }); // the app's scripts are held: no load event yet
    const question = actor.page.getByRole('button', { name: 'How does booking a creator work?' });
    await question.click();
    expect(await actor.page.locator('#prerender').count()).toBe(1); // pressed before the app ran
    release = true;
    for (const route of held.splice(0)) await route.continue();
    await actor.page.waitForFunction(() => !document.getElementById('prerender'));
    await expect.poll(() => question.getAttribute('aria-expanded')).toBe('true');
    await actor.context.close();
  });

  it('every route paints its content; the times are printed', async () => {
    const creatorId = await aCreator();
    const routes: [string, string][] = [
      ['/', 'Book creators'],
      ['/about', 'mission'],
      ['/faq', 'Frequently'],
      ['/terms-of-use', 'Terms of Use'],
      ['/privacy-policy', 'Privacy Policy'],
      ['/contact', 'Contact'],
      ['/auth', 'Welcome'],
      [`/streamer/${creatorId}`, 'Paint Tester'],
      ['/no-such-page', 'not found'],
    ];
    const rows: { route: string; fcpMs: number }[] = [];
    for (const [route, content] of routes) rows.push({ route, fcpMs: Math.round(await firstPaint(route, content)) });
    const slowdown = process.env.E2E_CPU_SLOWDOWN ?? '1';
    console.log(
      [
        `First contentful paint per route (cold context, CPU slowdown ${slowdown}x):`,
        ...rows.map((r) => `  ${r.route.padEnd(48)} ${String(r.fcpMs).padStart(5)} ms`),
      ].join('\n'),
    );
    for (const r of rows) expect(r.fcpMs, r.route).toBeGreaterThan(0);
  });
});
