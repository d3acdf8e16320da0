import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { beforeAll, describe, expect } from 'vitest';
import { step, type Actor } from './support/browser';
import { journey } from './support/journey';
import { addWeekdaySchedule, createCreatorProfile } from './support/journeys';
import { creatorCard, openTab, register, seeText } from './support/ui';

/**
 * A creator uploads a profile photo with a crop, through the UI, on the production server: the crop
 * dialog, the picture on the Profile tab, on their card in Discover and on the public creator page a
 * visitor opens without an account, served cropped (the crop sent is the one applied). Screenshots at
 * 1280 and 390 px go to SHOTS_DIR (default /work/shots/photos).
 */
const START = new Date('2031-06-09T06:00:00Z');
const PASSWORD = 'correct-horse-battery-9';
const CREATOR = { email: 'mira@creators.test', name: 'Mira Draws', bio: 'Live illustration and cozy chats.', hourlyRate: '45', twitch: 'mira_draws' };
const SHOTS = process.env.SHOTS_DIR ?? '/work/shots/photos';
const WIDTHS = [
  { width: 1280, height: 900 },
  { width: 390, height: 844 },
] as const;

const { actor, part } = journey(START);
let creator: Actor;
let visitor: Actor;

beforeAll(async () => {
  creator = await actor('creator');
  visitor = await actor('visitor');
  await mkdir(SHOTS, { recursive: true });
});

/**
 * 600 × 400, red, with a green 200 × 200 square in the middle: the crop dialog's zoom 2 frames exactly
 * the green square; a centre crop without it (400 × 400) would keep red at the corners.
 */
async function picture(page: Actor['page']): Promise<Buffer> {
  const base64 = await page.evaluate(() => {
    const canvas = document.createElement('canvas');
    canvas.width = 600;
    canvas.height = 400;
    const g = canvas.getContext('2d')!;
    g.fillStyle = 'rgb(230, 20, 20)';
    g.fillRect(0, 0, 600, 400);
    g.fillStyle = 'rgb(20, 200, 60)';
    g.fillRect(200, 100, 200, 200);
    return canvas.toDataURL('image/png').split(',')[1];
  });
  return Buffer.from(base64, 'base64');
}

/** An <img>'s source, its natural size and the colour of its top-left pixel, read in the page. */
async function shownImage(actorPage: Actor['page'], selector: string) {
  return actorPage.locator(selector).first().evaluate(async (img: HTMLImageElement) => {
    await img.decode();
    const canvas = document.createElement('canvas');
    canvas.width = img.naturalWidth;
    canvas.height = img.naturalHeight;
    const g = canvas.getContext('2d')!;
    g.drawImage(img, 0, 0);
    const [r, gr, b] = g.getImageData(2, 2, 1, 1).data;
    return { src: img.getAttribute('src'), width: img.naturalWidth, height: img.naturalHeight, corner: [r, gr, b] };
  });
}

async function shots(a: Actor, name: string, focus?: () => Promise<void>) {
  for (const w of WIDTHS) {
    await a.page.setViewportSize(w);
    await focus?.();
    await a.page.screenshot({ path: path.join(SHOTS, `${name}-${w.width}.png`), fullPage: w.width === 390 });
    const overflow = await a.page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow, `${name} at ${w.width} px scrolls sideways`).toBeLessThanOrEqual(0);
  }
  await a.page.setViewportSize({ width: 1280, height: 900 });
}

const MEDIA = /^\/api\/v1\/media\/[0-9a-f]{64}\.webp$/;
const isGreen = ([r, g, b]: number[]) => g > 150 && r < 90 && b < 120;

describe('profile photo journey', () => {
  part('a creator uploads a photo with a crop and sees it on the Profile tab and their card', async () => {
    await step('creator: register, create the profile, publish weekday hours', [creator], async () => {
      await register(creator.page, 'Creator Account', CREATOR.email, PASSWORD);
      await createCreatorProfile(creator.page, CREATOR);
      await openTab(creator.page, 'Availability');
      await addWeekdaySchedule(creator.page, 'Weekdays');
    });

    await step('creator: Profile → Upload photo → crop dialog (zoom 2) → Save', [creator], async () => {
      await openTab(creator.page, 'Profile');
      await creator.page.getByRole('button', { name: 'Upload photo' }).waitFor();
      await creator.page.getByTestId('photo-input').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: await picture(creator.page) });
      const dialog = creator.page.getByRole('dialog', { name: 'Crop your photo' });
      await dialog.waitFor();
      await dialog.getByRole('img').waitFor();
      await dialog.getByRole('slider', { name: 'Zoom' }).fill('2');
      await shots(creator, 'crop-dialog');
      await dialog.getByRole('button', { name: 'Save' }).click();
      await seeText(creator.page, 'Photo saved');
      await dialog.waitFor({ state: 'detached' });
      await creator.page.getByRole('button', { name: 'Change photo' }).waitFor();
    });

    await step('creator: the Profile tab shows the cropped photo (400 px, all green)', [creator], async () => {
      const img = await shownImage(creator.page, `img[alt="${CREATOR.name}'s picture"]`);
      expect(img.src).toMatch(MEDIA);
      expect([img.width, img.height]).toEqual([400, 400]);
      expect(isGreen(img.corner), `corner pixel ${img.corner}`).toBe(true);
      await shots(creator, 'profile-tab');
    });

    await step('creator: Discover shows the photo on their card', [creator], async () => {
      await openTab(creator.page, 'Discover');
      const card = creatorCard(creator.page, CREATOR.name);
      await card.locator('img').first().waitFor();
      const img = await card.locator('img').first().evaluate((el: HTMLImageElement) => ({ src: el.getAttribute('src'), w: el.naturalWidth }));
      expect(img.src).toMatch(MEDIA);
      await shots(creator, 'discover-card', () => card.scrollIntoViewIfNeeded());
    });
  });

  part('a visitor without an account sees the photo on the public creator page', async () => {
    await step('visitor: open the creator page; the header shows the photo', [visitor], async () => {
      const profileId = await creator.page.evaluate(async () => {
        const res = await fetch('/graphql', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ query: '{ creators(first: 10) { edges { node { id displayName } } } }' }) });
        const body = await res.json();
        return body.data.creators.edges.map((e: { node: { id: string; displayName: string } }) => e.node);
      });
      const mira = profileId.find((p: { displayName: string }) => p.displayName === CREATOR.name);
      expect(mira).toBeDefined();
      await visitor.page.goto(`/streamer/${mira.id}`);
      await visitor.page.getByRole('heading', { name: CREATOR.name, level: 1 }).waitFor();
      const img = await shownImage(visitor.page, `img[alt="${CREATOR.name}'s picture"]`);
      expect(img.src).toMatch(MEDIA);
      expect([img.width, img.height]).toEqual([160, 160]);
      expect(isGreen(img.corner), `corner pixel ${img.corner}`).toBe(true);
      const cache = await visitor.page.evaluate(async (src) => (await fetch(src!)).headers.get('cache-control'), img.src);
      expect(cache).toBe('public, max-age=31536000, immutable');
      await shots(visitor, 'creator-page');
    });

    await step('creator: Remove → initials again', [creator], async () => {
      await openTab(creator.page, 'Profile');
      await creator.page.getByRole('button', { name: 'Remove' }).click();
      await seeText(creator.page, 'Photo removed');
      await creator.page.getByRole('button', { name: 'Upload photo' }).waitFor();
      await expect(creator.page.locator(`img[alt="${CREATOR.name}'s picture"]`).count()).resolves.toBe(0);
    });
  });
});
