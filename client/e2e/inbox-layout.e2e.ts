import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect } from 'vitest';
import { step, type Actor } from './support/browser';
import { journey } from './support/journey';
import { addWeekdaySchedule, createBrandProfile, createCreatorProfile, openCreatorPage } from './support/journeys';
import { bookHours, bookingCard, CARDS, openTab, payWithCard, register, seeText } from './support/ui';

/**
 * The inbox's screens on a desktop and a phone: an open conversation shows its message box without
 * scrolling (on a 390x844 phone as a full-height chat screen with the box pinned to the bottom and a
 * back button to the list), and My Bookings opens on the group that needs the viewer (the creator's
 * request first). Screenshots at 1280 and 390 px into SHOTS_DIR (default /work/shots/inbox).
 *
 * Time: the server's test clock starts on Monday 9 June 2031, 08:00 in Berlin.
 */
const START = new Date('2031-06-09T06:00:00Z');
const TUESDAY = { long: 'Tuesday, June 10, 2031', short: 'Tue, Jun 10' };
const BOOKED = '10:00 AM – 11:00 AM';
const PASSWORD = 'correct-horse-battery-9';
const CREATOR = { email: 'mira@creators.test', name: 'Mira Streams', bio: 'Speedruns and chill.', hourlyRate: '45', twitch: 'mira_streams' };
const BRAND = { email: 'hello@orbit-games.test', name: 'Orbit Games' };
const QUESTION = 'Hi Mira! Would you play our demo live on Tuesday?';
const OUT = process.env.SHOTS_DIR ?? '/work/shots/inbox';

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };

const { actor, part } = journey(START);
let creator: Actor;
let brand: Actor;

beforeAll(async () => {
  creator = await actor('creator');
  brand = await actor('brand');
  await mkdir(OUT, { recursive: true });
});

async function shoot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: path.join(OUT, `${name}-${page.viewportSize()?.width}.png`) });
}

/** The message box's box on screen, and whether all of it is inside the viewport. */
async function composerInView(page: Page): Promise<{ inside: boolean; box: { y: number; height: number } | null }> {
  const composer = page.getByTestId('conversation-composer');
  await composer.waitFor();
  const box = await composer.boundingBox();
  const viewport = page.viewportSize()!;
  const inside = Boolean(box && box.y >= 0 && box.x >= 0 && box.y + box.height <= viewport.height + 0.5 && box.x + box.width <= viewport.width + 0.5);
  return { inside, box: box && { y: box.y, height: box.height } };
}

const thread = (page: Page, other: string) => page.getByRole('log', { name: `Conversation with ${other}` });

describe('the inbox on a desktop and a phone', () => {
  part('a creator with hours and a brand who asked something and booked', async () => {
    await step('creator: register, create the profile, publish weekday hours', [creator], async () => {
      await register(creator.page, 'Creator Account', CREATOR.email, PASSWORD);
      await createCreatorProfile(creator.page, CREATOR);
      await openTab(creator.page, 'Availability');
      await addWeekdaySchedule(creator.page, 'Weekdays');
    });

    await step('brand: register, create the brand profile, ask the creator from their page', [brand], async () => {
      await register(brand.page, 'Brand Account', BRAND.email, PASSWORD);
      await createBrandProfile(brand.page, BRAND);
      await openCreatorPage(brand.page, CREATOR.name);
      await brand.page.getByRole('heading', { name: CREATOR.name, level: 1 }).waitFor();
      await brand.page.getByRole('button', { name: 'Message', exact: true }).click();
      const dialog = brand.page.getByRole('dialog', { name: `Message ${CREATOR.name}` });
      await dialog.getByRole('textbox', { name: `Message to ${CREATOR.name}` }).fill(QUESTION);
      await dialog.getByRole('button', { name: 'Send message' }).click();
      await brand.page.waitForURL(/\/dashboard\?tab=messages&conversation=/);
      await thread(brand.page, CREATOR.name).getByText(QUESTION).waitFor();
    });

    await step('brand: book an hour on Tuesday and pay', [brand], async () => {
      await openCreatorPage(brand.page, CREATOR.name);
      await bookHours(brand.page, TUESDAY.long, [BOOKED]);
      await payWithCard(brand.page, CARDS.ok, BRAND.name);
      await brand.page.waitForURL(/\/dashboard/);
      await seeText(brand.page, 'Request sent! Your payment is held until the creator accepts.');
    });
  });

  part('an open conversation shows its message box at 1280x800 and as a full-height chat screen at 390x844', async () => {
    await step('creator at 1280x800: open the conversation from Messages; the message box is in view', [creator], async () => {
      await creator.page.setViewportSize(DESKTOP);
      await creator.page.goto('/dashboard?tab=messages');
      await creator.page.getByRole('button', { name: new RegExp(`^${BRAND.name}`) }).click();
      await thread(creator.page, BRAND.name).getByText(QUESTION).waitFor();
      await expect.poll(async () => (await composerInView(creator.page)).inside, { timeout: 10_000 }).toBe(true);
      await shoot(creator.page, 'conversation');
    });

    await step('creator at 390x844: the open conversation fills the screen, the message box pinned to the bottom', [creator], async () => {
      await creator.page.setViewportSize(PHONE);
      await creator.page.reload();
      await thread(creator.page, BRAND.name).getByText(QUESTION).waitFor();
      const screen = creator.page.getByTestId('chat-screen');
      const frame = await screen.boundingBox();
      expect(frame).toMatchObject({ x: 0, y: 0, width: PHONE.width, height: PHONE.height });
      const { inside, box } = await composerInView(creator.page);
      expect(inside).toBe(true);
      // Pinned: its bottom edge is the screen's.
      expect(Math.abs(box!.y + box!.height - PHONE.height)).toBeLessThanOrEqual(1);
      // The dashboard's header, tabs and footer are under the chat screen, not in the way.
      const atTop = await creator.page.evaluate(() => document.elementFromPoint(195, 30)?.closest('[data-testid="chat-screen"]') !== null);
      expect(atTop).toBe(true);
      await creator.page.getByRole('textbox', { name: `Message to ${BRAND.name}` }).fill('Tuesday works, see you then!');
      await creator.page.getByRole('button', { name: 'Send message' }).click();
      await thread(creator.page, BRAND.name).getByText('Tuesday works, see you then!').waitFor();
      expect((await composerInView(creator.page)).inside).toBe(true);
      await shoot(creator.page, 'conversation');
    });

    await step('creator at 390x844: the back button returns to the list', [creator], async () => {
      await creator.page.getByRole('button', { name: 'Back to conversations' }).click();
      await creator.page.getByTestId('chat-screen').waitFor({ state: 'detached' });
      await creator.page.getByRole('button', { name: new RegExp(`^${BRAND.name}`) }).waitFor();
      expect(new URL(creator.page.url()).searchParams.get('conversation')).toBeNull();
      await shoot(creator.page, 'messages-list');
    });
  });

  part('My Bookings opens on the request waiting for the creator, with every group counted', async () => {
    for (const viewport of [DESKTOP, PHONE]) {
      await step(`creator at ${viewport.width} px: Requests first and open; the brand at the same width`, [creator, brand], async () => {
        for (const a of [creator, brand]) {
          await a.page.setViewportSize(viewport);
          await a.page.goto('/dashboard?tab=bookings');
          await bookingCard(a.page, TUESDAY.short, BOOKED).waitFor();
        }
        const groups = creator.page.getByRole('tablist', { name: 'Booking groups' });
        await expect.poll(() => groups.getByRole('tab').evaluateAll((tabs) => tabs.map((t) => t.textContent?.replace(/\s+/g, ' ').trim()))).toEqual([
          'Requests (1)',
          'Upcoming (0)',
          'Past (0)',
          'Cancelled (0)',
        ]);
        expect(await groups.getByRole('tab').first().getAttribute('aria-selected')).toBe('true');
        // No overflow sideways on a phone.
        for (const a of [creator, brand]) {
          expect(await a.page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
          await shoot(a.page, `bookings-${a.name}`);
        }
      });
    }
  });

  part('every group tab is whole and usable on a phone, and the picked group stays in the URL through a reload', async () => {
    for (const viewport of [DESKTOP, PHONE]) {
      await step(`creator at ${viewport.width} px: all four tabs inside the screen; Cancelled picked, reloaded, still Cancelled`, [creator], async () => {
        const { page } = creator;
        await page.setViewportSize(viewport);
        await page.goto('/dashboard?tab=bookings');
        const groups = page.getByRole('tablist', { name: 'Booking groups' });
        // A tab's name is its label and count ("Cancelled (0)"; the browser may space the brackets).
        const groupTab = (label: string, count: number) => groups.getByRole('tab', { name: new RegExp(`^${label}\\s*\\(\\s*${count}\\s*\\)$`) });
        await groupTab('Requests', 1).waitFor();
        // Each tab is drawn whole inside the list and the screen (none cut off or scrolled away).
        const clipped = await groups.evaluate((list) => {
          const outer = list.getBoundingClientRect();
          return Array.from(list.querySelectorAll('[role="tab"]'))
            .filter((tab) => {
              const r = tab.getBoundingClientRect();
              return r.left < outer.left - 0.5 || r.right > outer.right + 0.5 || r.right > window.innerWidth || tab.scrollWidth > tab.clientWidth + 0.5;
            })
            .map((tab) => tab.textContent);
        });
        expect(clipped).toEqual([]);
        expect(await groups.evaluate((list) => list.scrollWidth <= list.clientWidth)).toBe(true);
        const sizes = await groups.getByRole('tab').evaluateAll((tabs) => tabs.map((t) => `${t.textContent}: ${Math.round(t.getBoundingClientRect().width)}x${Math.round(t.getBoundingClientRect().height)}`));
        console.log(`group tabs at ${viewport.width} px: ${sizes.join(', ')}`);

        await groupTab('Cancelled', 0).click();
        await page.getByText('No cancelled bookings.').waitFor();
        await page.waitForURL((url) => url.searchParams.get('tab') === 'bookings' && url.searchParams.get('group') === 'cancelled');
        await shoot(page, 'bookings-groups-picked');
        await page.reload();
        await page.getByText('No cancelled bookings.').waitFor();
        expect(await groupTab('Cancelled', 0).getAttribute('aria-selected')).toBe('true');
      });
    }
  });
});
