import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gql, verifiedAccount } from './support/api';
import path from 'node:path';
import { ARTIFACTS_DIR, launchBrowser, newActor } from './support/browser';
import { startE2EServer, type E2EServer } from './support/server';

/**
 * How long a visitor waits for a creator page's bookable hours: from navigation to the first hour
 * button on screen, each load in a fresh browser context (nothing cached), plus the JavaScript
 * files and GraphQL requests it took. The times are printed, not asserted (a loaded machine stretches it);
 * that no GraphQL request is sent before the hours is asserted.
 * `E2E_CPU_SLOWDOWN=4` reproduces a slow one; CLIENT_DIST measures another build.
 */

let server: E2EServer;
let browser: Browser;
let creatorId = '';

beforeAll(async () => {
  server = await startE2EServer();
  browser = await launchBrowser();
  const token = await verifiedAccount(server.url, 'CREATOR', 'hours@creators.test', 'correct-horse-battery-9');
  const { createProfile } = await gql(
    server.url,
    `mutation ($input: CreateProfileInput!) { createProfile(input: $input) { id } }`,
    { input: { displayName: 'Hours Tester', hourlyRateCents: 5000, platforms: ['TWITCH'], twitchUsername: 'hours' } },
    token,
  );
  creatorId = createProfile.id;
  // 14:00 UTC two days on (15:00 in the browser's Berlin): inside the page's hour grid.
  const start = new Date(Math.floor(Date.now() / 86_400_000) * 86_400_000 + 2 * 86_400_000 + 14 * 3_600_000);
  await gql(
    server.url,
    `mutation ($input: AddAvailabilityInput!) { addAvailability(input: $input) { id } }`,
    { input: { startTime: start.toISOString(), endTime: new Date(start.getTime() + 3 * 3_600_000).toISOString() } },
    token,
  );
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('creator page: hours visible', () => {
  it('prints the time to the first bookable hour, the scripts and the queries', async () => {
    const rows: string[] = [];
    const asked: string[][] = [];
    const rulesWithHours: boolean[] = [];
    for (let run = 0; run < 5; run++) {
      const actor = await newActor(browser, `hours ${run}`, server.url);
      let scripts = 0;
      const queries: string[] = [];
      actor.page.on('request', (r) => {
        if (r.resourceType() === 'script') scripts += 1;
        if (r.url().endsWith('/graphql') && r.method() === 'POST') queries.push(r.postDataJSON()?.operationName ?? '?');
      });
      const started = Date.now();
      await actor.page.goto(`/streamer/${creatorId}`, { waitUntil: 'commit' });
      await actor.page.getByRole('list', { name: 'Time slots' }).getByRole('button').first().waitFor({ timeout: 60_000 });
      const ms = Date.now() - started;
      asked.push([...queries]);
      // The booking panel's rules line paints with the hours (its answer came in the HTML too).
      rulesWithHours.push(await actor.page.getByLabel('Scheduling rules').isVisible());
      rows.push(`${String(run + 1).padStart(3)}  ${String(ms).padStart(6)} ms  ${String(scripts).padStart(3)} scripts  queries before hours: ${queries.join(', ') || 'none'}`);
      if (run === 4) {
        // The page as the hours appear, to be looked at: desktop and phone width.
        await actor.page.setViewportSize({ width: 1280, height: 900 });
        await actor.page.screenshot({ path: path.join(ARTIFACTS_DIR, 'hours-visible--1280.png') });
        await actor.page.setViewportSize({ width: 390, height: 844 });
        await actor.page.screenshot({ path: path.join(ARTIFACTS_DIR, 'hours-visible--390.png'), fullPage: true });
      }
      await actor.context.close();
    }
    process.stdout.write(`\nCreator page, navigation → first hour visible (${process.env.CLIENT_DIST ?? 'client/dist'}):\n${rows.join('\n')}\n`);
    expect(rows).toHaveLength(5);
    // The page's data (profile, hours, reviews, the booking panel's scheduling rules and packages)
    // came in the HTML: no GraphQL request stands between the scripts and the hours.
    expect(asked).toEqual(Array.from({ length: 5 }, () => []));
    expect(rulesWithHours).toEqual([true, true, true, true, true]);
  });
});
