import { beforeAll, describe, expect } from 'vitest';
import { expectAccessible, step, type Actor } from './support/browser';
import { addWeekdaySchedule, createBrandProfile, createCreatorProfile, openCreatorPage } from './support/journeys';
import { journey } from './support/journey';
import {
  bookHours,
  bookingCard,
  calendarDay,
  CARDS,
  creatorCard,
  expectPayment,
  expectSameDocument,
  expectStatus,
  expectText,
  hourButton,
  markDocument,
  openCheckoutDialog,
  openBookingGroup,
  openTab,
  payWithCard,
  register,
  seeText,
  signIn,
  textRe,
} from './support/ui';

/**
 * The marketplace from both sides, through the UI only, against the production server with a fresh
 * PostgreSQL and the local payment provider. The `it`s run in order and share one server; each actor
 * keeps their own browser context open the whole time, so what one does reaches the other live.
 *
 * Time: the server's test clock starts on Monday 9 June 2031, 08:00 in Berlin (every browser is in
 * Europe/Berlin and on the same clock, see support/clock.ts). The creator works weekdays 09:00-17:00
 * plus a one-off evening slot today.
 */
const START = new Date('2031-06-09T06:00:00Z'); // Monday 08:00 Europe/Berlin (CEST)
const TODAY = { long: 'Monday, June 9, 2031', short: 'Mon, Jun 9' };
const TOMORROW = { long: 'Tuesday, June 10, 2031', short: 'Tue, Jun 10' };
const WEDNESDAY = { long: 'Wednesday, June 11, 2031', short: 'Wed, Jun 11' };

const PASSWORD = 'correct-horse-battery-9';
const CREATOR = {
  email: 'nova@creators.test',
  name: 'Nova Streams',
  bio: 'Variety creator: indie games, speedruns and creative coding.',
  hourlyRate: '80',
  twitch: 'nova_streams',
  youtube: '@novastreams',
};
const BRAND = { email: 'team@acme-games.test', name: 'Acme Games' };
const RIVAL = { email: 'hello@rival-media.test', name: 'Rival Media' };
const SUPPORT = { email: 'agent@support.test' };

const { world, actor, part } = journey(START);
let creator: Actor;
let brand: Actor;
let rival: Actor;

beforeAll(async () => {
  creator = await actor('creator');
  brand = await actor('brand');
});

describe('booking journey', () => {
  part('a creator registers, creates the profile, connects payouts and publishes availability', async () => {
    const { page } = creator;

    await step('creator: register with a Creator Account', [creator], async () => {
      await page.goto('/auth');
      await page.getByRole('heading', { name: 'Welcome back' }).waitFor();
      await expectAccessible(page, 'auth (sign in)');
      await page.getByRole('tab', { name: 'Join' }).click();
      await page.getByRole('button', { name: 'Choose Creator Account' }).waitFor();
      await expectAccessible(page, 'auth (choose account type)');
      await register(page, 'Creator Account', CREATOR.email, PASSWORD);
    });

    await step('creator: the profile dialog opens by itself; create the profile', [creator], async () => {
      await createCreatorProfile(page, CREATOR, () => expectAccessible(page, 'create creator profile dialog'));
      await page.getByText('Total Earnings').first().waitFor();
      await expectAccessible(page, 'dashboard: overview (creator)');
    });

    await step('creator: the Profile tab shows the new profile', [creator], async () => {
      await openTab(page, 'Profile');
      await page.getByRole('heading', { name: 'My Creator Profile' }).waitFor();
      await page.getByRole('button', { name: 'Edit Profile' }).waitFor();
      await expectAccessible(page, 'dashboard: profile (creator)');
    });

    await step('creator: connect the payout account on the local onboarding page', [creator], async () => {
      await openTab(page, 'Availability');
      await page.getByText('Not Connected', { exact: true }).waitFor();
      await expectAccessible(page, 'dashboard: availability');
      const [onboarding] = await Promise.all([
        creator.context.waitForEvent('page'),
        page.getByRole('button', { name: 'Connect', exact: true }).click(),
      ]);
      await onboarding.waitForURL(/\/local-payments\/onboarding\//);
      await onboarding.getByRole('heading', { name: 'Set up payments' }).waitFor();
      await expectAccessible(onboarding, 'local onboarding page');
      await onboarding.getByRole('button', { name: 'Complete setup' }).click();
      await onboarding.waitForURL(/\/dashboard/);
      await onboarding.close();
      await page.getByRole('button', { name: 'Refresh Status' }).click();
      await page.getByText('Fully Connected', { exact: true }).waitFor();
    });

    await step('creator: add a one-off slot this evening', [creator], async () => {
      await page.getByRole('button', { name: /^Monday, June 9 \(today\): 0 slots$/ }).click();
      await page.getByLabel('Start time').fill('18:00');
      await page.getByLabel('End time').fill('20:00');
      await page.getByRole('button', { name: 'Add Slot', exact: true }).click();
      await seeText(page, 'Availability slot added successfully');
      const daySlots = page.getByRole('list', { name: 'Slots of the selected day' });
      await daySlots.getByText(textRe('6:00 PM – 7:00 PM')).waitFor();
      await daySlots.getByText(textRe('7:00 PM – 8:00 PM')).waitFor();
      await page.getByRole('button', { name: /^Monday, June 9 \(today\): 2 slots$/ }).waitFor();
    });

    await step('creator: add a weekday recurring schedule and see the generated slots', [creator], async () => {
      await addWeekdaySchedule(page, 'Weekday sessions', () => expectAccessible(page, 'add schedule dialog'));
      // 14 days from tomorrow hold 10 weekdays of 8 hours: the first 20 are listed, then "+60 more".
      const upcoming = page.getByRole('group', { name: 'Upcoming available slots' });
      await upcoming.getByRole('list', { name: `Free slots on ${TOMORROW.short}` }).waitFor();
      await upcoming.getByText('+60 more', { exact: true }).waitFor();
      await page.getByRole('button', { name: /^Tuesday, June 10: 8 slots$/ }).waitFor();
    });

    await step('creator: open My Bookings (empty) and keep it open', [creator], async () => {
      await openTab(page, 'Bookings');
      await page.getByText('No bookings found.').waitFor();
      await expectAccessible(page, 'dashboard: bookings (empty)');
      await markDocument(page);
    });
  });

  part('a brand registers, finds the creator, books two hours tomorrow and pays; the creator accepts live', async () => {
    const { page } = brand;

    await step('brand: register with a Brand Account and create the brand profile', [brand], async () => {
      await register(page, 'Brand Account', BRAND.email, PASSWORD);
      await createBrandProfile(page, { name: BRAND.name, about: 'Indie game studio looking for launch streams.' });
      await page.getByRole('tab', { name: 'Discover' }).waitFor();
      await page.getByText('Awaiting the creator').first().waitFor();
      await expectAccessible(page, 'dashboard: overview (brand)');
    });

    await step('brand: discover the creator by platform filter and by search', [brand], async () => {
      await openTab(page, 'Discover');
      await creatorCard(page, CREATOR.name).waitFor();
      await expectAccessible(page, 'dashboard: discover');
      await page.getByRole('button', { name: /^Filters/ }).click();
      const platform = page.getByRole('combobox', { name: 'Platform' });
      await platform.selectOption('INSTAGRAM');
      await page.getByRole('button', { name: 'Search', exact: true }).click();
      await page.getByText('No streamers found').waitFor();
      await platform.selectOption('TWITCH');
      await page.getByRole('button', { name: 'Search', exact: true }).click();
      await creatorCard(page, CREATOR.name).waitFor();
      await page.getByText('1 creator found').waitFor();
      await page.getByRole('button', { name: 'Clear Filters' }).click();

      const search = page.getByRole('searchbox', { name: /Search creators/ });
      await search.fill('nobody-by-this-name');
      await search.press('Enter');
      await page.getByText('No streamers found').waitFor();
      await search.fill('Nova');
      await search.press('Enter');
      await creatorCard(page, CREATOR.name).waitFor();
    });

    await step('brand: open the creator page and book 2 hours tomorrow', [brand], async () => {
      await creatorCard(page, CREATOR.name).getByRole('link', { name: 'View Availability' }).click();
      await page.waitForURL(/\/streamer\/[0-9a-f-]+/);
      await page.getByRole('heading', { name: CREATOR.name, level: 1 }).waitFor();
      // The first day with free hours is today (the evening slot); tomorrow is picked by hand.
      await calendarDay(page, TOMORROW.long).click();
      await hourButton(page, '10:00 AM – 11:00 AM').waitFor();
      await expectAccessible(page, 'creator page');
      await bookHours(page, TOMORROW.long, ['10:00 AM – 11:00 AM', '11:00 AM – 12:00 PM'], 'Launch stream for our new game', async (dialog) => {
        // The cancellation rule before payment, from the server's policy, in the brand's zone (Berlin).
        await expectText(dialog.getByTestId('cancellation-policy'), 'Free cancellation until Mon, Jun 9, 10:00 AM CEST; after that 50 % is kept.');
      });
    });

    await step('brand: the checkout shows what is paid for: creator, hours, total, the hold and the rule', [brand], async () => {
      const summary = page.getByRole('region', { name: 'Order summary' });
      await expectText(summary.getByTestId('summary-creator'), `Collab with ${CREATOR.name}`);
      await expectText(summary, /10:00 AM – 12:00 PM CEST · Europe\/Berlin/);
      await expectText(summary, '$80.00 × 2 hours');
      await expectText(summary.getByTestId('summary-total'), '$160.00');
      await expectText(summary.getByTestId('summary-hold'), `held on your card, not charged, until ${CREATOR.name} accepts`);
      await expectText(summary.getByTestId('cancellation-policy'), 'Free cancellation until Mon, Jun 9, 10:00 AM CEST');
      await page.getByRole('button', { name: 'Complete Payment · $160.00' }).waitFor();
      expect(await page.getByText('Redirecting to secure payment...').count()).toBe(0);
    });

    await step('brand: pay with 4242 4242 4242 4242 and land on the dashboard', [brand], async () => {
      await page.getByLabel('Card number').waitFor();
      await expectAccessible(page, 'checkout page');
      await payWithCard(page, CARDS.ok, BRAND.name);
      await page.waitForURL(/\/dashboard/);
      await seeText(page, 'Request sent! Your payment is held until the creator accepts.');
      const next = page.getByRole('region', { name: 'What happens next' });
      await expectText(next, `Your request was sent to ${CREATOR.name}.`);
      await expectText(next.getByTestId('next-deadline'), `${CREATOR.name} has until Tue, Jun 10, 10:00 AM CEST to accept`);
      await expectText(next, 'You are not charged until then');
      await openTab(page, 'Bookings');
      const card = bookingCard(page, TOMORROW.short, '10:00 AM – 12:00 PM');
      await expectText(card.getByRole('heading'), `Booking Request to ${CREATOR.name}`);
      await expectStatus(card, 'Pending');
      await expectPayment(card, 'Held');
      await expectAccessible(page, 'dashboard: bookings (brand)');
      await markDocument(page);
    });

    await step('creator: the request appears without reloading; accept it', [creator, brand], async () => {
      const card = bookingCard(creator.page, TOMORROW.short, '10:00 AM – 12:00 PM');
      await expectText(card.getByRole('heading'), `Booking Request from ${BRAND.name}`);
      await expectSameDocument(creator.page);
      await card.getByRole('button', { name: 'Accept', exact: true }).click();
      await seeText(creator.page, 'Booking accepted');
      await expectStatus(card, 'Confirmed');
    });

    await step("brand: the booking shows confirmed without reloading, with a toast", [brand, creator], async () => {
      await expectStatus(bookingCard(page, TOMORROW.short, '10:00 AM – 12:00 PM'), 'Confirmed');
      await seeText(page, `${CREATOR.name} accepted your request`);
      // The box after paying follows the booking: charged now (from the ledger), no longer "only held".
      const next = page.getByRole('region', { name: 'What happens next' });
      await expectText(next, /\$[\d,]+\.\d\d was charged to your card\./);
      expect(await next.getByText(/only held/).count()).toBe(0);
      await expectSameDocument(page);
    });

    await step('both: Overview counts the confirmed collaboration as upcoming, no open request', [brand, creator], async () => {
      for (const [a, awaiting] of [[brand, 'Awaiting the creator'], [creator, 'Awaiting response']] as const) {
        await openTab(a.page, 'Overview');
        const stat = (label: string) => a.page.locator('dl').filter({ has: a.page.getByText(label, { exact: true }) }).locator('dd');
        await expectText(stat('Upcoming'), /^1$/);
        await expectText(stat(awaiting), /^0$/);
        await openTab(a.page, 'Bookings');
      }
    });
  });

  part("the confirmation e-mail reaches the brand's mailbox and its button opens that booking", async () => {
    // Development mode: the product delivers every e-mail over SMTP to its own catcher, shown at /dev/mailbox.
    const card = bookingCard(brand.page, TOMORROW.short, '10:00 AM – 12:00 PM');
    const bookingId = await card.getAttribute('data-booking-id');
    expect(bookingId).toMatch(/^[0-9a-f-]{36}$/);
    const mailbox: Actor = { ...brand, page: await brand.context.newPage() };
    const subject = `Confirmed: your booking with ${CREATOR.name}`;

    await step('brand: /dev/mailbox lists the confirmation e-mail, addressed to the brand', [mailbox], async () => {
      // Sent by a background job after the commit: reload the mailbox until it arrived (or 30 s pass).
      const row = mailbox.page.getByRole('row').filter({ has: mailbox.page.getByRole('link', { name: subject, exact: true }) });
      const deadline = Date.now() + 30_000;
      await mailbox.page.goto('/dev/mailbox');
      while (!(await row.count())) {
        if (Date.now() > deadline) throw new Error(`no "${subject}" e-mail in /dev/mailbox after 30 s`);
        await mailbox.page.waitForTimeout(500);
        await mailbox.page.reload();
      }
      await expectText(row, BRAND.email);
      await row.getByRole('link', { name: subject, exact: true }).click();
      await mailbox.page.getByRole('heading', { name: 'Plain-text part' }).waitFor();
      await expectText(mailbox.page.locator('dl'), /text\/calendar|\.ics/);
    });

    const opened = await step("brand: the e-mail's button links to that booking and opens it", [mailbox], async () => {
      const email = mailbox.page.frameLocator('iframe[title="HTML part"]');
      await expectText(email.getByRole('heading', { level: 1 }), `${CREATOR.name} accepted your booking`);
      const button = email.getByRole('link', { name: 'Open the booking' });
      expect(await button.getAttribute('href')).toBe(`${world.server.url}/dashboard?tab=bookings&booking=${bookingId}`);
      const [page] = await Promise.all([brand.context.waitForEvent('page'), button.click()]);
      return page;
    });

    await step('brand: the dashboard opens on Bookings with that booking in view', [{ ...brand, page: opened }], async () => {
      await opened.waitForURL(`**/dashboard?tab=bookings&booking=${bookingId}`);
      await opened.getByRole('tab', { name: 'Bookings', selected: true }).waitFor();
      const linked = opened.locator(`article[data-booking-id="${bookingId}"]`);
      await expectText(linked.getByRole('heading'), `Collab with ${CREATOR.name}`);
      await expectStatus(linked, 'Confirmed');
      const inView = () => linked.evaluate((el) => el.getBoundingClientRect().top >= 0 && el.getBoundingClientRect().bottom <= window.innerHeight);
      await expect.poll(inView, { timeout: 10_000 }).toBe(true);
    });
    await opened.close();
    await mailbox.page.close();
  });

  part('a request the creator has not accepted yet is withdrawn for free', async () => {
    const { page } = brand;

    await step('brand: a request the creator has not accepted yet is withdrawn for free', [brand, creator], async () => {
      await openCreatorPage(page, CREATOR.name);
      await bookHours(page, WEDNESDAY.long, ['9:00 AM – 10:00 AM']);
      await payWithCard(page, CARDS.ok, BRAND.name);
      await page.waitForURL(/\/dashboard/);
      await openTab(page, 'Bookings');
      // The confirmed collab is Upcoming (the tab opens there); the new request waits under Requests.
      await openBookingGroup(page, 'Requests');
      const card = bookingCard(page, WEDNESDAY.short, '9:00 AM – 10:00 AM');
      await expectStatus(card, 'Pending');
      await card.getByRole('button', { name: 'Withdraw request', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: 'Withdraw this request?' });
      await expectText(dialog, /withdrawing is free: the hold of \$80\.00 on the card is released in full and nothing is charged/);
      await expectAccessible(page, 'withdraw request dialog');
      await dialog.getByRole('button', { name: 'Withdraw Request' }).click();
      await seeText(page, 'Booking cancelled successfully');
      // Withdrawn, it moved to Cancelled (live on the creator's side too).
      await openBookingGroup(page, 'Cancelled');
      await expectStatus(card, 'Cancelled');
      await expectPayment(card, 'Voided');
      await expectText(card, /Charged\s*\$0\.00 \(hold released\)/);
      await openBookingGroup(creator.page, 'Cancelled');
      await expectStatus(bookingCard(creator.page, WEDNESDAY.short, '9:00 AM – 10:00 AM'), 'Cancelled');
    });
  });

  part('a second booking, cancelled by the brand less than 24 h before the start, refunds half', async () => {
    const { page } = brand;
    const evening = '6:00 PM – 7:00 PM';

    await step('brand: book the one-off evening hour today and pay', [brand], async () => {
      await openCreatorPage(page, CREATOR.name);
      await bookHours(page, TODAY.long, [evening]);
      await payWithCard(page, CARDS.ok, BRAND.name);
      await seeText(page, 'Request sent! Your payment is held until the creator accepts.');
      await openTab(page, 'Bookings');
      await openBookingGroup(page, 'Requests');
      await expectStatus(bookingCard(page, TODAY.short, evening), 'Pending');
      await markDocument(page);
    });

    await step('creator: accept the evening request', [creator, brand], async () => {
      await openBookingGroup(creator.page, 'Requests');
      const card = bookingCard(creator.page, TODAY.short, evening);
      await card.getByRole('button', { name: 'Accept', exact: true }).click();
      await seeText(creator.page, 'Booking accepted');
      // Accepted, it moved to Upcoming on both sides.
      await openBookingGroup(creator.page, 'Upcoming');
      await expectStatus(card, 'Confirmed');
      await openBookingGroup(page, 'Upcoming');
      await expectStatus(bookingCard(page, TODAY.short, evening), 'Confirmed');
    });

    await step('brand: cancel (fee applies) and see the refund amount', [brand, creator], async () => {
      const card = bookingCard(page, TODAY.short, evening);
      await card.getByRole('button', { name: 'Cancel (fee applies)' }).click();
      const dialog = page.getByRole('dialog', { name: 'Cancel this booking?' });
      await expectText(dialog.getByTestId('refund-amount'), '$40.00');
      await expectText(dialog.getByTestId('platform-fee'), '$4.00');
      await expectText(dialog.getByTestId('creator-keeps'), '$36.00');
      await expectAccessible(page, 'cancel booking dialog');
      // A confirmed booking's cancellation says why (the creator is told).
      expect(await dialog.getByRole('button', { name: 'Cancel Booking' }).isDisabled()).toBe(true);
      await dialog.getByRole('combobox', { name: 'Reason' }).selectOption({ label: 'Plans changed' });
      await dialog.getByRole('button', { name: 'Cancel Booking' }).click();
      await seeText(page, 'Booking cancelled successfully');
      await openBookingGroup(page, 'Cancelled');
      await expectStatus(card, 'Cancelled');
      await expectText(card, /Refund amount:\s*\$40\.00/);
      // The card's amounts are the ones the dialog quoted (not 10 % of the whole price).
      await expectText(card, /Platform fee\s*\$4\.00/);
      await expectText(card, /Creator keeps\s*\$36\.00/);
      await expectSameDocument(page);
    });

    await step('creator: sees the cancellation live', [creator], async () => {
      await openBookingGroup(creator.page, 'Cancelled');
      const card = bookingCard(creator.page, TODAY.short, evening);
      await expectStatus(card, 'Cancelled');
      await expectText(card, /Refund amount:\s*\$40\.00/);
      await expectSameDocument(creator.page);
    });
  });

  part('a declined card holds nothing; two brands racing for the same hour: exactly one gets it', async () => {
    const hour = '3:00 PM – 4:00 PM';
    rival = await actor('rival');

    await step('rival: register a brand and open the creator page', [rival], async () => {
      await register(rival.page, 'Brand Account', RIVAL.email, PASSWORD);
      await createBrandProfile(rival.page, { name: RIVAL.name });
      await openCreatorPage(rival.page, CREATOR.name);
    });

    await step("rival: a declined card shows the provider's message", [rival], async () => {
      await bookHours(rival.page, WEDNESDAY.long, [hour]);
      await payWithCard(rival.page, CARDS.declined, RIVAL.name);
      await rival.page.getByText('Your card was declined.', { exact: true }).waitFor();
      await seeText(rival.page, 'Payment failed: Your card was declined.');
      expect(rival.page.url()).toMatch(/\/stripe-checkout\?/);
    });

    await step('brand: while the rival is on the checkout page the hour is held', [brand], async () => {
      await openTab(brand.page, 'Discover');
      await creatorCard(brand.page, CREATOR.name).getByRole('link', { name: 'View Availability' }).click();
      await brand.page.waitForURL(/\/streamer\//);
      await calendarDay(brand.page, WEDNESDAY.long).click();
      await hourButton(brand.page, hour, 'booked').waitFor();
      await markDocument(brand.page);
    });

    await step('rival: cancel the checkout; nothing is held and the hour is free again', [rival, brand], async () => {
      await rival.page.getByRole('button', { name: 'Cancel', exact: true }).click();
      await seeText(rival.page, 'Payment cancelled');
      await rival.page.waitForURL('**/dashboard');
      await openTab(rival.page, 'Bookings');
      const card = bookingCard(rival.page, WEDNESDAY.short, hour);
      await expectStatus(card, 'Cancelled');
      await expectPayment(card, 'Voided');
      // The brand's open creator page frees the hour live.
      await hourButton(brand.page, hour).waitFor();
      await expectSameDocument(brand.page);
    });

    await step('brand and rival pick the same hour and confirm at the same moment', [brand, rival], async () => {
      await openCreatorPage(rival.page, CREATOR.name);
      const racers = [brand, rival];
      for (const r of racers) {
        await calendarDay(r.page, WEDNESDAY.long).click();
        await hourButton(r.page, hour).click();
        await hourButton(r.page, hour, 'selected').waitFor();
        await openCheckoutDialog(r.page);
      }
      // Each racer either reaches the checkout page or is told the hour is gone: the server's
      // "just booked by someone else", or, when the other's booking arrived live first, "no longer available".
      const never = new Promise<never>(() => {});
      const outcome = (r: Actor) =>
        Promise.race([
          r.page.waitForURL(/\/stripe-checkout\?/, { timeout: 30_000 }).then(() => 'checkout', () => never),
          r.page
            .getByText(/just booked by someone else|no longer available/)
            .first()
            .waitFor({ timeout: 30_000 })
            .then(() => 'refused', () => never),
          new Promise<string>((resolve) => setTimeout(() => resolve('neither'), 32_000).unref()),
        ]);
      const outcomes = racers.map(outcome);
      for (const r of racers) {
        void r.page
          .getByRole('dialog', { name: 'Confirm your booking' })
          .getByRole('button', { name: 'Confirm & Pay' })
          .click({ timeout: 10_000 })
          .catch(() => undefined); // the dialog may close first when the other's booking arrives live
      }
      expect((await Promise.all(outcomes)).sort()).toEqual(['checkout', 'refused']);
      const winner = /\/stripe-checkout\?/.test(brand.page.url()) ? brand : rival;
      const loser = winner === brand ? rival : brand;
      // The loser's grid shows the hour taken; the winner pays.
      await hourButton(loser.page, hour, 'booked').waitFor();
      await payWithCard(winner.page, CARDS.ok, winner === brand ? BRAND.name : RIVAL.name);
      await seeText(winner.page, 'Request sent! Your payment is held until the creator accepts.');
    });
  });

  part('the collaboration takes place: both confirm, both review, the rating updates, the payout is paid', async () => {
    const session = '10:00 AM – 12:00 PM';

    await step('the clock moves past the end of the session; both open their bookings', [creator, brand], async () => {
      await world.clock.set(new Date('2031-06-10T10:30:00Z')); // Tuesday 12:30 in Berlin
      await creator.page.reload();
      await brand.page.getByRole('link', { name: 'Dashboard', exact: true }).click();
      await openTab(brand.page, 'Bookings');
      // Over now: both find it under Past.
      await openBookingGroup(creator.page, 'Past');
      await openBookingGroup(brand.page, 'Past');
      await bookingCard(creator.page, TOMORROW.short, session).getByRole('button', { name: 'Confirm completion' }).waitFor();
      await markDocument(creator.page);
      await markDocument(brand.page);
    });

    await step('creator confirms completion; the brand sees it live and confirms too', [creator, brand], async () => {
      const creatorCardEl = bookingCard(creator.page, TOMORROW.short, session);
      await creatorCardEl.getByRole('button', { name: 'Confirm completion' }).click();
      await seeText(creator.page, 'Completion confirmed!');
      await expectText(creatorCardEl, 'You confirmed completion. Waiting for the other party.');
      const brandCard = bookingCard(brand.page, TOMORROW.short, session);
      await expectText(brandCard, 'The other party confirmed completion.');
      await brandCard.getByRole('button', { name: 'Confirm completion' }).click();
      await expectStatus(brandCard, 'Completed');
      await expectText(brandCard, 'Both parties confirmed completion');
      await expectStatus(creatorCardEl, 'Completed');
      await expectPayment(creatorCardEl, 'Allocated');
      await expectSameDocument(creator.page);
      await expectSameDocument(brand.page);
    });

    await step('brand: Discover shows no rating for the creator yet', [brand], async () => {
      await openTab(brand.page, 'Discover');
      await creatorCard(brand.page, CREATOR.name).getByRole('link', { name: 'View Availability' }).waitFor();
      expect(await creatorCard(brand.page, CREATOR.name).getByLabel(/^Rated /).count()).toBe(0);
      await openTab(brand.page, 'Bookings');
    });

    await step('both review each other', [brand, creator], async () => {
      for (const [a, other, stars, comment] of [
        [brand, CREATOR.name, '5 stars', 'Great energy, our launch went really well.'],
        [creator, BRAND.name, '4 stars', 'Clear brief and friendly team.'],
      ] as const) {
        const card = bookingCard(a.page, TOMORROW.short, session);
        await card.getByRole('button', { name: 'Review', exact: true }).click();
        const dialog = a.page.getByRole('dialog', { name: `Review ${other}` });
        await dialog.getByRole('radio', { name: stars }).click();
        await dialog.getByLabel('Comment (optional)').fill(comment);
        await expectAccessible(a.page, 'review dialog');
        await dialog.getByRole('button', { name: 'Submit Review' }).click();
        await seeText(a.page, 'Review submitted!');
        await card.getByRole('button', { name: 'Review', exact: true }).waitFor({ state: 'detached' });
      }
    });

    await step("brand: the creator's rating on Discover shows the review", [brand], async () => {
      await openTab(brand.page, 'Discover');
      await creatorCard(brand.page, CREATOR.name).getByLabel(/^Rated 5\.0 out of 5/).waitFor();
    });

    await step('creator: confirm the payout and see it paid out', [creator], async () => {
      const card = bookingCard(creator.page, TOMORROW.short, session);
      await card.getByRole('button', { name: 'Confirm Payout' }).click();
      await seeText(creator.page, 'Payout processed successfully!');
      // Transferred (Released); the local provider's payout sweep may already have paid it out.
      await card.getByLabel(/^Payment: (Released|Paid out)$/).waitFor({ timeout: 30_000 });
      // The local provider pays transferred balances out in a job; it runs when the clock moves.
      await world.clock.advance(60_000);
      await expectPayment(card, 'Paid out');
      await expectText(card, 'The payment has been released to the creator.');
      await expectSameDocument(creator.page);
    });
  });

  part('a disputed booking is resolved by support with a partial refund; both parties see it live', async () => {
    // The next day: the previous parts left the clock on Tuesday afternoon, within the creator's default minimum notice (4 h) of Tuesday's last hours.
    const hour = '2:00 PM – 3:00 PM';
    let support: Actor;

    await step('brand: book Wednesday afternoon and pay; the creator accepts', [brand, creator], async () => {
      await creatorCard(brand.page, CREATOR.name).getByRole('link', { name: 'View Availability' }).click();
      await brand.page.waitForURL(/\/streamer\//);
      await bookHours(brand.page, WEDNESDAY.long, [hour]);
      await payWithCard(brand.page, CARDS.ok, BRAND.name);
      await seeText(brand.page, 'Request sent! Your payment is held until the creator accepts.');
      await openTab(brand.page, 'Bookings');
      await openBookingGroup(creator.page, 'Requests');
      const card = bookingCard(creator.page, WEDNESDAY.short, hour);
      await card.getByRole('button', { name: 'Accept', exact: true }).click();
      await seeText(creator.page, 'Booking accepted');
      await openBookingGroup(creator.page, 'Upcoming');
      await expectStatus(card, 'Confirmed');
      await openBookingGroup(brand.page, 'Upcoming');
      await expectStatus(bookingCard(brand.page, WEDNESDAY.short, hour), 'Confirmed');
      await markDocument(brand.page);
    });

    await step('brand: before the start there is no Dispute (cancelling is the way); from the start there is', [brand, creator], async () => {
      const card = bookingCard(brand.page, WEDNESDAY.short, hour);
      await card.getByRole('button', { name: /^Cancel/ }).waitFor();
      expect(await card.getByRole('button', { name: 'Dispute', exact: true }).count()).toBe(0);
      await world.clock.set(new Date('2031-06-11T12:10:00Z')); // Wednesday 14:10 in Berlin: the session has started
      await brand.page.reload();
      await openTab(brand.page, 'Bookings');
      await card.getByRole('button', { name: 'Dispute', exact: true }).waitFor();
      await markDocument(brand.page); // this reload is the test's own; what follows must arrive live
    });

    await step('brand: open a dispute', [brand, creator], async () => {
      const card = bookingCard(brand.page, WEDNESDAY.short, hour);
      await card.getByRole('button', { name: 'Dispute', exact: true }).click();
      const dialog = brand.page.getByRole('dialog', { name: 'Open a dispute' });
      await dialog.getByLabel(/^Reason/).fill('The stream ended after twenty minutes.');
      await dialog.getByLabel('Evidence (optional)').fill('https://clips.example/launch-stream');
      await expectAccessible(brand.page, 'dispute dialog');
      await dialog.getByRole('button', { name: 'Open Dispute' }).click();
      await seeText(brand.page, 'Dispute opened successfully');
      // Disputed, it is Past (to settle first) on both sides.
      await openBookingGroup(brand.page, 'Past');
      await expectStatus(card, 'Disputed');
      await openBookingGroup(creator.page, 'Past');
      await expectStatus(bookingCard(creator.page, WEDNESDAY.short, hour), 'Disputed');
    });

    await world.server.cli('create-support', [SUPPORT.email, PASSWORD]);
    support = await actor('support');
    await step('support: sign in and resolve with a partial refund on /support', [support, brand, creator], async () => {
      const { page } = support!;
      await page.goto('/auth');
      await signIn(page, SUPPORT.email, PASSWORD);
      await page.getByRole('link', { name: 'Support', exact: true }).click();
      await page.waitForURL('**/support');
      const dispute = page.getByRole('article', { name: `Dispute: ${BRAND.name} × ${CREATOR.name}` });
      // The reason, and the history's line of the move that opened the dispute (which quotes it).
      await dispute.getByText('The stream ended after twenty minutes.').first().waitFor();
      await expectAccessible(page, 'support console');
      await dispute.getByRole('button', { name: 'Refund partial' }).click();
      const dialog = page.getByRole('dialog', { name: 'Refund part of the booking' });
      await dialog.getByLabel(/^Refund amount/).fill('30');
      await dialog.getByLabel(/^Reason/).fill('Partial session delivered.');
      await expectAccessible(page, 'resolve dispute dialog');
      await dialog.getByRole('button', { name: 'Refund partial' }).click();
      await dialog.waitFor({ state: 'detached' });
    });

    await step('brand and creator see the resolution live', [brand, creator, support], async () => {
      for (const a of [brand, creator]) {
        const card = bookingCard(a.page, WEDNESDAY.short, hour);
        await expectText(card, /Outcome:\s*Partially refunded \(\$30\.00 refunded\)/);
        await expectStatus(card, 'Completed');
        await expectSameDocument(a.page);
      }
    });
    world.clock.detach(support);
    await support.context.close();
  });
});
