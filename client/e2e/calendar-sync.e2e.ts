import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe } from 'vitest';
import { step, type Actor } from './support/browser';
import { journey } from './support/journey';
import { addWeekdaySchedule, createBrandProfile, createCreatorProfile, openCreatorPage } from './support/journeys';
import { bookHours, bookingCard, calendarDay, CARDS, expectStatus, hourButton, openTab, payWithCard, register, seeText, textRe } from './support/ui';

/**
 * A creator's own calendar blocks hours, through the UI only: the creator connects an iCalendar
 * feed served by a real HTTP server on 127.0.0.1 (their stream on Tuesday 10:00-12:00 Berlin), those
 * hours vanish from the creator page, the brand books around them, the creator accepts, and the
 * brand moves the confirmed booking to Wednesday, which the creator accepts from the card.
 * Screenshots of the availability manager at 1280 and 390 px go to SHOTS_DIR (default /work/shots/calendars).
 *
 * Time: the server's test clock starts on Monday 9 June 2031, 08:00 in Berlin.
 */
const START = new Date('2031-06-09T06:00:00Z');
const TUESDAY = { long: 'Tuesday, June 10, 2031', short: 'Tue, Jun 10' };
const WEDNESDAY = { short: 'Wed, Jun 11' };
const BOOKED = '12:00 PM – 1:00 PM';
const MOVED = '2:00 PM – 3:00 PM';
const PASSWORD = 'correct-horse-battery-9';
const CREATOR = { email: 'nova@creators.test', name: 'Nova Streams', bio: 'Speedruns and chill.', hourlyRate: '50', twitch: 'nova_streams' };
const BRAND = { email: 'hello@orbit-games.test', name: 'Orbit Games' };
const SHOTS = process.env.SHOTS_DIR ?? '/work/shots/calendars';

const FEED = [
  'BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//Nova//Stream schedule//EN',
  'BEGIN:VEVENT', 'UID:stream-1@nova', 'DTSTAMP:20310601T000000Z',
  'DTSTART;TZID=Europe/Berlin:20310610T100000', 'DTEND;TZID=Europe/Berlin:20310610T120000', 'SUMMARY:Live on Twitch',
  'END:VEVENT', 'END:VCALENDAR', '',
].join('\r\n');

let feed: Server;
let feedUrl = '';
const { actor, part } = journey(START);
let creator: Actor;
let brand: Actor;

beforeAll(async () => {
  feed = createServer((_req, res) => res.writeHead(200, { 'content-type': 'text/calendar', etag: '"nova-1"' }).end(FEED));
  await new Promise<void>((resolve) => feed.listen(0, '127.0.0.1', resolve));
  feedUrl = `http://127.0.0.1:${(feed.address() as AddressInfo).port}/nova.ics`;
  creator = await actor('creator');
  brand = await actor('brand');
  mkdirSync(SHOTS, { recursive: true });
});
afterAll(async () => {
  await new Promise((resolve) => feed?.close(resolve));
});

describe('calendar sync journey', () => {
  part('the creator connects their stream schedule; its hours vanish from their page', async () => {
    await step('creator: register, create the profile, publish weekday hours', [creator], async () => {
      await register(creator.page, 'Creator Account', CREATOR.email, PASSWORD);
      await createCreatorProfile(creator.page, CREATOR);
      await openTab(creator.page, 'Availability');
      await addWeekdaySchedule(creator.page, 'Weekdays');
    });

    await step('creator: connect the iCalendar feed; it syncs at once', [creator], async () => {
      const panel = creator.page.getByRole('region', { name: 'Connected calendars' });
      await panel.getByLabel('Calendar feed URL (.ics)').fill(feedUrl);
      await panel.getByRole('button', { name: 'Connect calendar' }).click();
      await seeText(creator.page, 'Calendar connected');
      const row = panel.getByRole('list', { name: 'Connected calendars' }).getByRole('listitem');
      await row.getByText('1 busy time', { exact: false }).waitFor();
      await row.getByRole('button', { name: 'Sync now' }).click();
      await seeText(creator.page, 'Calendar synced');
      for (const [width, height] of [[1280, 900], [390, 844]] as const) {
        await creator.page.setViewportSize({ width, height });
        await panel.scrollIntoViewIfNeeded();
        await creator.page.screenshot({ path: path.join(SHOTS, `availability-calendars-${width}.png`), fullPage: true });
      }
      await creator.page.setViewportSize({ width: 1280, height: 900 });
    });

    await step('brand: register; on the creator page Tuesday 10:00-12:00 is not offered, 9:00 and 12:00 are', [brand], async () => {
      await register(brand.page, 'Brand Account', BRAND.email, PASSWORD);
      await createBrandProfile(brand.page, BRAND);
      await openCreatorPage(brand.page, CREATOR.name);
      await calendarDay(brand.page, TUESDAY.long).click();
      await hourButton(brand.page, '9:00 AM – 10:00 AM').waitFor();
      await hourButton(brand.page, BOOKED).waitFor();
      for (const busy of ['10:00 AM – 11:00 AM', '11:00 AM – 12:00 PM']) {
        await brand.page.getByRole('list', { name: 'Time slots' }).getByRole('button', { name: textRe(busy) }).waitFor({ state: 'detached' });
      }
      await brand.page.getByLabel('Scheduling rules').getByText(/Book at least 4 h ahead/).waitFor();
      await brand.page.screenshot({ path: path.join(SHOTS, 'creator-page-busy-1280.png'), fullPage: true });
    });
  });

  part('the brand books around the busy hours; the creator accepts; the brand moves the confirmed booking', async () => {
    await step('brand: book Tuesday 12-1 PM and pay', [brand], async () => {
      await bookHours(brand.page, TUESDAY.long, [BOOKED]);
      await payWithCard(brand.page, CARDS.ok, BRAND.name);
      await brand.page.waitForURL(/\/dashboard/);
      await openTab(brand.page, 'Bookings');
      await expectStatus(bookingCard(brand.page, TUESDAY.short, BOOKED), 'Pending');
    });

    await step('creator: accept the request', [creator], async () => {
      await openTab(creator.page, 'Bookings');
      const card = bookingCard(creator.page, TUESDAY.short, BOOKED);
      await card.getByRole('button', { name: 'Accept', exact: true }).click();
      await expectStatus(card, 'Confirmed');
    });

    await step('brand: propose Wednesday 2-3 PM for the confirmed booking', [brand], async () => {
      const card = bookingCard(brand.page, TUESDAY.short, BOOKED);
      await expectStatus(card, 'Confirmed');
      await card.getByRole('button', { name: 'Propose another time' }).click();
      const dialog = brand.page.getByRole('dialog', { name: 'Propose another time' });
      const day = dialog.getByRole('combobox', { name: 'Day' });
      const wednesday = await day.locator('option', { hasText: WEDNESDAY.short }).getAttribute('value');
      await day.selectOption(wednesday!);
      await dialog.getByRole('list', { name: 'Free times' }).getByRole('button', { name: textRe(MOVED, { whole: true }) }).click();
      await dialog.getByRole('button', { name: 'Send proposal' }).click();
      await seeText(brand.page, 'Proposal sent');
    });

    await step('creator: accept the new time from the card; both see it moved, still confirmed', [creator, brand], async () => {
      const card = bookingCard(creator.page, TUESDAY.short, BOOKED);
      const proposal = card.getByRole('article', { name: /^Proposed time:/ });
      await proposal.getByRole('button', { name: 'Accept new time' }).click();
      for (const a of [creator, brand]) await expectStatus(bookingCard(a.page, WEDNESDAY.short, MOVED), 'Confirmed');
    });
  });
});
