import { mkdir, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe } from 'vitest';
import { step, type Actor } from './support/browser';
import { addWeekdaySchedule, createBrandProfile, createCreatorProfile, openCreatorPage } from './support/journeys';
import { journey } from './support/journey';
import { openTab, payWithCard, CARDS, register, seeText } from './support/ui';

/**
 * A custom offer from the first message to the payout, through the UI only (issue 33), one browser
 * with a context per person on the production server: the brand asks in chat and sends a file, the
 * creator sends an offer, the brand counters, the creator accepts, the brand pays with the local
 * provider's card form, writes the brief, the creator confirms it and delivers with a file, the brand
 * asks for a change, the creator delivers again, the brand approves and the booking completes.
 * Screenshots of the offer card, the brief and the deliveries at 1280 and 390 px go to SHOTS_DIR
 * (default /work/shots/offers).
 *
 * Time: the server's test clock starts on Monday 9 June 2031, 08:00 in Berlin.
 */
const START = new Date('2031-06-09T06:00:00Z');
const SHOTS_DIR = process.env.SHOTS_DIR ?? '/work/shots/offers';
const PASSWORD = 'correct-horse-battery-9';
const CREATOR = { email: 'mira@creators.test', name: 'Mira Live', bio: 'Strategy games and long streams.', hourlyRate: '80', twitch: 'mira_live' };
const BRAND = { email: 'team@orbit-games.test', name: 'Orbit Games' };
const ASK = 'Hi Mira! Could you do a sponsored segment and two clips for our launch?';

const { actor, part } = journey(START);
let creator: Actor;
let brand: Actor;
let files: { brief: string; proof: string; proof2: string };

beforeAll(async () => {
  creator = await actor('creator');
  brand = await actor('brand');
  const dir = path.join(os.tmpdir(), `offer-journey-${process.pid}`);
  await mkdir(dir, { recursive: true });
  // A tiny valid PDF each (the server judges files by content).
  const pdf = (title: string) => Buffer.from(`%PDF-1.4\n%\xe2\xe3\xcf\xd3\n1 0 obj << /Title (${title}) >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n`, 'latin1');
  files = { brief: path.join(dir, 'launch-brief.pdf'), proof: path.join(dir, 'segment-proof.pdf'), proof2: path.join(dir, 'segment-proof-v2.pdf') };
  await writeFile(files.brief, pdf('brief'));
  await writeFile(files.proof, pdf('proof'));
  await writeFile(files.proof2, pdf('proof v2'));
});

const thread = (a: Actor, other: string) => a.page.getByRole('log', { name: `Conversation with ${other}` });
const offerCard = (a: Actor, other: string, name: RegExp) => thread(a, other).getByRole('article', { name });
/** The booking the offer became (the only one of the pair). */
const theBooking = (page: Page) => page.getByRole('article').filter({ has: page.getByTestId('booking-work') });

/**
 * The element at 1280 and at 390 px wide, saved as `<name>-1280.png` / `<name>-390.png`.
 * `settled(width)` waits for the layout of that width where the page changes its tree with the
 * width (an open conversation becomes a full-height chat screen on a phone, re-mounted after the
 * resize): until then the locator can still find the element about to be replaced.
 */
async function shots(page: Page, name: string, target: () => Locator, settled?: (width: number) => Promise<void>): Promise<void> {
  await mkdir(SHOTS_DIR, { recursive: true });
  const size = page.viewportSize() ?? { width: 1280, height: 900 };
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await settled?.(width);
    const el = target();
    await el.scrollIntoViewIfNeeded();
    await el.screenshot({ path: path.join(SHOTS_DIR, `${name}-${width}.png`) });
  }
  await page.setViewportSize(size);
}

/** Fills one line of the offer dialog. */
async function fillLine(dialog: Locator, i: number, what: string, qty: string, price: string) {
  await dialog.getByRole('textbox', { name: `Line ${i}: what` }).fill(what);
  await dialog.getByRole('textbox', { name: `Line ${i}: quantity` }).fill(qty);
  await dialog.getByRole('textbox', { name: `Line ${i}: price each in dollars` }).fill(price);
}

describe('offer journey', () => {
  part('a creator and a brand; the brand asks in chat with a file', async () => {
    await step('creator: register, create the profile, publish weekday hours (listed)', [creator], async () => {
      await register(creator.page, 'Creator Account', CREATOR.email, PASSWORD);
      await createCreatorProfile(creator.page, CREATOR);
      await openTab(creator.page, 'Availability');
      await addWeekdaySchedule(creator.page, 'Weekdays');
    });
    await step('brand: register, create the brand profile, message the creator', [brand], async () => {
      await register(brand.page, 'Brand Account', BRAND.email, PASSWORD);
      await createBrandProfile(brand.page, BRAND);
      await openCreatorPage(brand.page, CREATOR.name);
      await brand.page.getByRole('button', { name: 'Message', exact: true }).click();
      const dialog = brand.page.getByRole('dialog', { name: `Message ${CREATOR.name}` });
      await dialog.getByRole('textbox', { name: `Message to ${CREATOR.name}` }).fill(ASK);
      await dialog.getByRole('button', { name: 'Send message' }).click();
      await brand.page.waitForURL(/\/dashboard\?tab=messages&conversation=/);
      await thread(brand, CREATOR.name).getByText(ASK).waitFor();
    });
    await step('brand: attach the launch brief PDF in the composer and send it without text', [brand], async () => {
      await brand.page.getByTestId('composer-files').setInputFiles(files.brief);
      await brand.page.getByRole('list', { name: 'Files to send' }).getByText('launch-brief.pdf').waitFor();
      await brand.page.getByRole('button', { name: 'Send message' }).click();
      await thread(brand, CREATOR.name).getByRole('link', { name: /launch-brief\.pdf/ }).waitFor();
    });
    await step('creator: reads the question and opens the file through their own link', [creator], async () => {
      // The Messages tab carries its unread count in its name: open it by address.
      await creator.page.goto('/dashboard?tab=messages');
      await creator.page.getByRole('button', { name: new RegExp(`^${BRAND.name}`) }).first().click();
      const link = thread(creator, BRAND.name).getByRole('link', { name: /launch-brief\.pdf/ });
      await link.waitFor();
      const href = await link.getAttribute('href');
      const res = await creator.page.request.get(href!);
      if (res.status() !== 200 || res.headers()['content-type'] !== 'application/pdf') throw new Error(`the file did not download: ${res.status()}`);
    });
  });

  part('the creator sends an offer, the brand counters, the creator accepts, the brand pays', async () => {
    await step('creator: send an offer of a segment and two clips', [creator], async () => {
      await creator.page.getByRole('button', { name: 'Send offer' }).click();
      const dialog = creator.page.getByRole('dialog', { name: `Offer to ${BRAND.name}` });
      await fillLine(dialog, 1, '15 min sponsored segment', '1', '300');
      await dialog.getByRole('button', { name: 'Add a line' }).click();
      await fillLine(dialog, 2, 'Clip', '2', '100');
      await dialog.getByRole('textbox', { name: 'Due date' }).fill('2031-06-20');
      await dialog.getByRole('button', { name: 'Send offer' }).click();
      await offerCard(creator, BRAND.name, /^Offer you sent: \$500\.00/).waitFor();
    });
    await step('brand: the offer arrives; counter with one clip', [brand], async () => {
      const card = offerCard(brand, CREATOR.name, new RegExp(`^Offer from ${CREATOR.name}: \\$500\\.00`));
      await card.waitFor();
      await shots(
        brand.page,
        'offer-card',
        () => offerCard(brand, CREATOR.name, new RegExp(`^Offer from ${CREATOR.name}: \\$500\\.00`)),
        (width) => brand.page.getByTestId('chat-screen').waitFor({ state: width < 1024 ? 'visible' : 'detached' }),
      );
      await card.getByRole('button', { name: 'Counter' }).click();
      const dialog = brand.page.getByRole('dialog', { name: 'Counter-offer' });
      await dialog.getByRole('textbox', { name: 'Line 2: quantity' }).fill('1');
      await dialog.getByRole('button', { name: 'Send counter-offer' }).click();
      await offerCard(brand, CREATOR.name, /^Counter-offer you sent: \$400\.00/).waitFor();
    });
    await step('creator: the offer they sent shows as countered, live; accept the counter-offer', [creator], async () => {
      await offerCard(creator, BRAND.name, /^Offer you sent: \$500\.00, Countered/).waitFor();
      const card = offerCard(creator, BRAND.name, new RegExp(`^Counter-offer from ${BRAND.name}: \\$400\\.00`));
      await card.getByRole('button', { name: 'Accept', exact: true }).click();
      await offerCard(creator, BRAND.name, /^Counter-offer from .*: \$400\.00, Accepted/).waitFor();
    });
    await step('brand: pay $400.00 with the card form; the booking is confirmed', [brand], async () => {
      const card = offerCard(brand, CREATOR.name, /^Counter-offer you sent: \$400\.00/);
      await card.getByRole('button', { name: 'Pay $400.00' }).click();
      await payWithCard(brand.page, CARDS.ok, BRAND.name);
      await brand.page.waitForURL(/\/dashboard/);
      await brand.page.goto('/dashboard?tab=bookings');
      await theBooking(brand.page).getByLabel('Status: Confirmed', { exact: true }).waitFor();
    });
  });

  part('the brief, a delivery, a change, the delivery again, approval: the booking completes', async () => {
    await step('brand: write the brief', [brand], async () => {
      const booking = theBooking(brand.page);
      await booking.getByRole('button', { name: 'Write the brief' }).click();
      const dialog = brand.page.getByRole('dialog', { name: 'Write the brief' });
      await dialog.getByLabel('Talking points').fill('Show the new star map in the first ten minutes.');
      await dialog.getByLabel('Do', { exact: true }).fill('Mention the launch date, June 20.');
      await dialog.getByRole('button', { name: 'Save brief' }).click();
      await booking.getByTestId('booking-brief').getByText('Show the new star map in the first ten minutes.').waitFor();
    });
    await step('creator: confirm the brief and deliver with a file', [creator], async () => {
      await creator.page.goto('/dashboard?tab=bookings');
      const booking = theBooking(creator.page);
      await booking.getByRole('button', { name: 'Confirm brief' }).click();
      await booking.getByTestId('booking-brief').getByText(/Confirmed \(v1\)/).waitFor();
      await booking.getByRole('button', { name: 'Submit delivery' }).click();
      const dialog = creator.page.getByRole('dialog', { name: 'Submit the delivery' });
      await dialog.getByLabel('Links (VOD, clips, posts)').fill('https://twitch.tv/videos/2031');
      await dialog.getByLabel('Screenshots or files').setInputFiles(files.proof);
      await dialog.getByRole('button', { name: 'Submit delivery' }).click();
      await booking.getByTestId('delivery-1').getByRole('link', { name: /segment-proof\.pdf/ }).waitFor();
    });
    await step('brand: ask for a change', [brand], async () => {
      await brand.page.reload();
      const booking = theBooking(brand.page);
      const first = booking.getByTestId('delivery-1');
      await first.getByRole('link', { name: /segment-proof\.pdf/ }).waitFor();
      await shots(brand.page, 'brief-and-delivery', () => theBooking(brand.page).getByTestId('booking-work'));
      await first.getByRole('button', { name: 'Request changes' }).click();
      const dialog = brand.page.getByRole('dialog', { name: 'Request changes' });
      await dialog.getByLabel('What should change?').fill('Please show the launch date on screen.');
      await dialog.getByRole('button', { name: 'Request changes' }).click();
      await first.getByText('Please show the launch date on screen.').waitFor();
    });
    await step('creator: deliver again', [creator], async () => {
      await creator.page.reload();
      const booking = theBooking(creator.page);
      await booking.getByRole('button', { name: 'Deliver again' }).click();
      const dialog = creator.page.getByRole('dialog', { name: 'Submit the revised delivery' });
      await dialog.getByLabel('Links (VOD, clips, posts)').fill('https://twitch.tv/videos/2032');
      await dialog.getByLabel('Screenshots or files').setInputFiles(files.proof2);
      await dialog.getByRole('button', { name: 'Submit delivery' }).click();
      await booking.getByTestId('delivery-2').waitFor();
    });
    await step('brand: approve; the booking is completed and its figures shown', [brand], async () => {
      await brand.page.reload();
      const booking = theBooking(brand.page);
      await booking.getByTestId('delivery-2').getByRole('button', { name: 'Approve' }).click();
      await booking.getByLabel('Status: Completed', { exact: true }).waitFor();
      // Upcoming empties and the tab follows the booking to Past, where its card is drawn anew: the
      // pictures are of that card, not of the one about to go.
      await brand.page.getByRole('tablist', { name: 'Booking groups' }).getByRole('tab', { name: /^Past/, selected: true }).waitFor();
      await booking.getByLabel('Status: Completed', { exact: true }).waitFor();
      await seeText(brand.page, '$400.00');
      await shots(brand.page, 'deliveries-approved', () => theBooking(brand.page).getByTestId('booking-work'));
    });
  });
});
