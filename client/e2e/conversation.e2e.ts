import { beforeAll, describe, expect } from 'vitest';
import { step, type Actor } from './support/browser';
import { addWeekdaySchedule, createBrandProfile, createCreatorProfile, openCreatorPage } from './support/journeys';
import { journey } from './support/journey';
import {
  bell,
  bookHours,
  bookingCard,
  CARDS,
  conversationRow,
  expectBell,
  expectSameDocument,
  expectStatus,
  expectText,
  markDocument,
  openTab,
  payWithCard,
  register,
  seeText,
  textRe,
} from './support/ui';

/**
 * Two people talk before and around a booking, through the UI only, each in their own browser
 * context on the production server: a brand asks a creator something from the creator page, the
 * creator answers live, the brand books, the creator proposes another time from the booking's card,
 * the brand accepts it there, the card moves to the new hours on both sides, and each bell counts
 * exactly the notifications that person has not read.
 *
 * Time: the server's test clock starts on Monday 9 June 2031, 08:00 in Berlin (support/clock.ts);
 * the creator works weekdays 09:00-17:00 from tomorrow.
 */
const START = new Date('2031-06-09T06:00:00Z');
const TUESDAY = { long: 'Tuesday, June 10, 2031', short: 'Tue, Jun 10' };
const WEDNESDAY = { short: 'Wed, Jun 11' };
const BOOKED = '10:00 AM – 11:00 AM';
const PROPOSED = '2:00 PM – 3:00 PM';

const PASSWORD = 'correct-horse-battery-9';
const CREATOR = { email: 'luna@creators.test', name: 'Luna Plays', bio: 'Cozy games and live art.', hourlyRate: '60', twitch: 'luna_plays' };
const BRAND = { email: 'team@pixel-forge.test', name: 'Pixel Forge' };
const QUESTION = 'Hi Luna! Could you stream our demo for an hour this week?';
const ANSWER = 'Happy to! Tuesday morning or Wednesday afternoon works.';

const { actor, part } = journey(START);
let creator: Actor;
let brand: Actor;

beforeAll(async () => {
  creator = await actor('creator');
  brand = await actor('brand');
});

const thread = (a: Actor, other: string) => a.page.getByRole('log', { name: `Conversation with ${other}` });

describe('conversation journey', () => {
  part('a creator and a brand set up their accounts', async () => {
    await step('creator: register, create the profile, publish weekday hours', [creator], async () => {
      await register(creator.page, 'Creator Account', CREATOR.email, PASSWORD);
      await createCreatorProfile(creator.page, CREATOR);
      await openTab(creator.page, 'Availability');
      await addWeekdaySchedule(creator.page, 'Weekdays');
    });

    await step('creator: open Messages (nothing yet) and keep it open; the bell is empty', [creator], async () => {
      await openTab(creator.page, 'Messages');
      await creator.page.getByText('When a brand messages you or books you, the conversation shows up here.').waitFor();
      await expectBell(creator.page, 0);
      await markDocument(creator.page);
    });

    await step('brand: register and create the brand profile', [brand], async () => {
      await register(brand.page, 'Brand Account', BRAND.email, PASSWORD);
      await createBrandProfile(brand.page, BRAND);
    });
  });

  part('the brand messages the creator from the creator page; they talk live', async () => {
    await step('brand: Message on the creator page; the conversation opens in Messages', [brand], async () => {
      await openCreatorPage(brand.page, CREATOR.name);
      await brand.page.getByRole('heading', { name: CREATOR.name, level: 1 }).waitFor();
      await brand.page.getByRole('button', { name: 'Message', exact: true }).click();
      const dialog = brand.page.getByRole('dialog', { name: `Message ${CREATOR.name}` });
      await dialog.getByRole('textbox', { name: `Message to ${CREATOR.name}` }).fill(QUESTION);
      await dialog.getByRole('button', { name: 'Send message' }).click();
      await brand.page.waitForURL(/\/dashboard\?tab=messages&conversation=/);
      await thread(brand, CREATOR.name).getByText(QUESTION).waitFor();
      await markDocument(brand.page);
    });

    await step('creator: the conversation arrives live, unread, and the bell counts it', [creator], async () => {
      await conversationRow(creator.page, BRAND.name, 1).waitFor();
      await expectBell(creator.page, 1);
      await expectSameDocument(creator.page);
    });

    await step('creator: open it (the bell clears) and answer', [creator], async () => {
      await conversationRow(creator.page, BRAND.name, 1).click();
      await thread(creator, BRAND.name).getByText(QUESTION).waitFor();
      await expectBell(creator.page, 0);
      await creator.page.getByRole('textbox', { name: `Message to ${BRAND.name}` }).fill(ANSWER);
      await creator.page.getByRole('button', { name: 'Send message' }).click();
      await thread(creator, BRAND.name).getByText(ANSWER).waitFor();
    });

    await step('brand: the answer arrives live in the open conversation, which reads it', [brand], async () => {
      await thread(brand, CREATOR.name).getByText(ANSWER).waitFor();
      await expectSameDocument(brand.page);
      await expectBell(brand.page, 0);
    });
  });

  part('the brand books; the creator proposes another time from the card; the brand accepts it from the card', async () => {
    await step('creator: switch to Bookings and keep it open', [creator], async () => {
      await openTab(creator.page, 'Bookings');
      await creator.page.getByText('No bookings found.').waitFor();
    });

    await step('brand: book an hour on Tuesday morning and pay', [brand], async () => {
      await openCreatorPage(brand.page, CREATOR.name);
      await bookHours(brand.page, TUESDAY.long, [BOOKED]);
      await payWithCard(brand.page, CARDS.ok, BRAND.name);
      await brand.page.waitForURL(/\/dashboard/);
      await seeText(brand.page, 'Request sent! Your payment is held until the creator accepts.');
      await openTab(brand.page, 'Bookings');
      await expectStatus(bookingCard(brand.page, TUESDAY.short, BOOKED), 'Pending');
      await markDocument(brand.page);
    });

    await step('creator: the request arrives live; the bell counts it', [creator], async () => {
      const card = bookingCard(creator.page, TUESDAY.short, BOOKED);
      await expectText(card.getByRole('heading'), `Booking Request from ${BRAND.name}`);
      await expectSameDocument(creator.page);
      await expectBell(creator.page, 1);
    });

    await step('creator: the card opens the booking\'s thread: the talk so far and the request as an event line', [creator], async () => {
      const card = bookingCard(creator.page, TUESDAY.short, BOOKED);
      // The card counts its own unread items: the request is one ("Messages, 1 unread").
      await card.getByRole('button', { name: /^Messages\s*,\s*1 unread$/ }).click();
      const log = card.getByRole('log', { name: `Conversation with ${BRAND.name}` });
      await log.getByText(QUESTION).waitFor();
      await log.getByText(ANSWER).waitFor();
      await log.getByRole('note', { name: 'Booking event: Booking requested' }).waitFor();
      await card.getByRole('button', { name: 'Hide messages' }).click();
      await log.waitFor({ state: 'detached' });
      // Opening the booking's thread reads what was unread about the booking, the request's bell item too.
      await expectBell(creator.page, 0);
    });

    await step('creator: propose Wednesday 2-3 PM instead, from their own free hours', [creator], async () => {
      const card = bookingCard(creator.page, TUESDAY.short, BOOKED);
      await card.getByRole('button', { name: 'Propose another time' }).click();
      const dialog = creator.page.getByRole('dialog', { name: 'Propose another time' });
      await expectText(dialog, 'Pick an hour from your free time.');
      const day = dialog.getByRole('combobox', { name: 'Day' });
      const wednesday = await day.locator('option', { hasText: WEDNESDAY.short }).getAttribute('value');
      await day.selectOption(wednesday!);
      await dialog.getByRole('list', { name: 'Free times' }).getByRole('button', { name: textRe(PROPOSED, { whole: true }) }).click();
      await dialog.getByRole('button', { name: 'Send proposal' }).click();
      await seeText(creator.page, 'Proposal sent');
      await dialog.waitFor({ state: 'detached' });
      await card.getByText('You proposed another time').waitFor();
      await card.getByText(`Waiting for ${BRAND.name} to answer.`).waitFor();
    });

    await step('brand: the proposal shows on the card live; the bell counts it; accept it there', [brand], async () => {
      const card = bookingCard(brand.page, TUESDAY.short, BOOKED);
      const proposal = card.getByRole('article', { name: /^Proposed time:/ });
      await proposal.getByText(`${CREATOR.name} proposed another time`).waitFor();
      await expectText(proposal, `${WEDNESDAY.short} · ${PROPOSED}`);
      await expectSameDocument(brand.page);
      await expectBell(brand.page, 1);
      await proposal.getByRole('button', { name: 'Accept new time' }).click();
      await seeText(brand.page, 'The booking moved to the new time');
    });

    await step('both: the card shows the new hours, confirmed (the creator proposed, the brand accepted: one yes from each), without a reload', [brand, creator], async () => {
      for (const a of [brand, creator]) {
        const moved = bookingCard(a.page, WEDNESDAY.short, PROPOSED);
        await expectStatus(moved, 'Confirmed');
        await moved.getByRole('article', { name: /^Proposed time:/ }).waitFor({ state: 'detached' });
        await bookingCard(a.page, TUESDAY.short, BOOKED).waitFor({ state: 'detached' });
        await expectSameDocument(a.page);
      }
    });

    await step("both bells count what each has not read (what each acted on is read): the creator the move and the confirmation, the brand the confirmation and the payment's receipt", [brand, creator], async () => {
      await expectBell(creator.page, 2);
      await expectBell(brand.page, 2);
      await bell(creator.page).click();
      const list = creator.page.getByRole('list', { name: 'Notifications, newest first' });
      // The sign-up's verification link (listed read), the message (read when the creator opened it), the request, the move, the confirmation.
      await expect.poll(() => list.getByRole('listitem').count(), { timeout: 30_000, interval: 250 }).toBe(5);
      await creator.page.keyboard.press('Escape');
    });

    await step("brand: the booking's thread tells the story; opening it reads what was unread about the booking", [brand], async () => {
      const card = bookingCard(brand.page, WEDNESDAY.short, PROPOSED);
      await card.getByRole('button', { name: /^Messages\s*,\s*\d+ unread$/ }).click();
      const log = card.getByRole('log', { name: `Conversation with ${CREATOR.name}` });
      await log.getByRole('note', { name: 'Booking event: Booking requested' }).waitFor();
      await log.getByRole('article', { name: /^Proposed time:/ }).getByLabel('Proposal: Accepted').waitFor();
      await log.getByRole('note', { name: 'Booking event: Booking moved to the new time' }).waitFor();
      await expectBell(brand.page, 0);
      await expectBell(creator.page, 2);
    });
  });
});
