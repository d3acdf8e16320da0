import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../../test/harness';
import { account, consecutive, creator, heldBooking, HOUR, hourFromNow, type Account, type Creator } from '../../bookings/__tests__/booking-fixtures';

/**
 * An inbox people understand: each bell item and thread line names its booking's hours, a booking
 * card counts only its own unread items, acting on a request clears its bell item, and the tabs
 * read unread counts by where they lead. The Bookings tab's groups put the next action first.
 */
let app: TestApp;
let brand: Account;
let star: Creator;

beforeAll(async () => {
  app = await startTestApp();
  brand = await account(app, 'brand');
  star = await creator(app, consecutive(hourFromNow(app, 30), 60), { displayName: 'Nova Stream' });
});
afterAll(() => app?.close());

const CARDS = `query ($group: BookingGroup) { myBookings(group: $group, first: 50) { totalCount edges { node { id status group unreadCount startTime } } } }`;
const BELL = `query { notifications(first: 50) { edges { node { id type text bookingId bookingStartTime bookingEndTime readAt } } } }`;
const SUMMARY = `query { unreadNotificationSummary { total bookings messages } unreadNotificationCount }`;
const THREAD = `query ($id: ID!) { bookingConversation(bookingId: $id) { id messages(last: 50) { edges { node { kind eventType bookingId bookingStartTime bookingEndTime text } } } } }`;

const cardsOf = async (who: Account, group?: string) => {
  const res = await app.gql(CARDS, group ? { group } : {}, who.token);
  expect(res.body.errors).toBeUndefined();
  return res.body.data.myBookings.edges.map((e: { node: { id: string; status: string; unreadCount: number } }) => e.node);
};
const bell = async (who: Account) => (await app.gql(BELL, {}, who.token)).body.data.notifications.edges.map((e: { node: Record<string, unknown> }) => e.node);

describe('the inbox names its bookings and counts per booking', () => {
  it('two requests of one pair: each card counts only its own item, each bell item names its hours; accepting one clears its item and only its', async () => {
    const first = await heldBooking(app, brand, star, hourFromNow(app, 32));
    const second = await heldBooking(app, brand, star, hourFromNow(app, 40));

    const cards = await cardsOf(star, 'REQUESTS');
    const unread = Object.fromEntries(cards.map((c: { id: string; unreadCount: number }) => [c.id, c.unreadCount]));
    expect(unread[first.bookingId]).toBe(1);
    expect(unread[second.bookingId]).toBe(1);

    const items = await bell(star);
    const requestOf = (id: string) => items.find((n: { type: string; bookingId: string }) => n.type === 'booking.created' && n.bookingId === id);
    expect(new Date(requestOf(first.bookingId).bookingStartTime).getTime()).toBe(hourFromNow(app, 32).getTime());
    expect(new Date(requestOf(first.bookingId).bookingEndTime).getTime()).toBe(hourFromNow(app, 32).getTime() + HOUR);
    expect(new Date(requestOf(second.bookingId).bookingStartTime).getTime()).toBe(hourFromNow(app, 40).getTime());

    const before = (await app.gql(SUMMARY, {}, star.token)).body.data;
    expect(before.unreadNotificationSummary.bookings).toBeGreaterThanOrEqual(2);

    const accepted = await app.gql(`mutation ($id: ID!) { acceptBooking(bookingId: $id) { status } }`, { id: first.bookingId }, star.token);
    expect(accepted.body.errors).toBeUndefined();

    const after = await bell(star);
    expect(after.find((n: { id: string }) => n.id === requestOf(first.bookingId).id).readAt).not.toBeNull();
    expect(after.find((n: { id: string }) => n.id === requestOf(second.bookingId).id).readAt).toBeNull();
    const summary = (await app.gql(SUMMARY, {}, star.token)).body.data;
    expect(summary.unreadNotificationCount).toBe(before.unreadNotificationCount - 1);
    expect(summary.unreadNotificationSummary.bookings).toBe(before.unreadNotificationSummary.bookings - 1);

    // The accepted booking moved from Requests to Upcoming, with nothing unread for the creator.
    const upcoming = await cardsOf(star, 'UPCOMING');
    expect(upcoming.find((c: { id: string }) => c.id === first.bookingId).unreadCount).toBe(0);
    expect((await cardsOf(star, 'REQUESTS')).map((c: { id: string }) => c.id)).not.toContain(first.bookingId);

    // The brand's bell: "accepted" names the booking; its card counts it, the other card does not.
    const brandCards = await cardsOf(brand);
    const brandUnread = (await bell(brand)).filter((n: { bookingId: string; readAt: string | null }) => n.bookingId === first.bookingId && !n.readAt);
    // "accepted" and the payment receipt.
    expect(brandUnread.map((n: { type: string }) => n.type).sort()).toEqual(['booking.confirmed', 'payment.captured']);
    expect(brandCards.find((c: { id: string }) => c.id === first.bookingId).unreadCount).toBe(2);
    expect(brandCards.find((c: { id: string }) => c.id === second.bookingId).unreadCount).toBe(0);

    // Opening a card's messages reads that booking's items.
    const marked = await app.gql(`mutation ($input: MarkNotificationsReadInput!) { markNotificationsRead(input: $input) }`, { input: { bookingId: first.bookingId } }, brand.token);
    expect(marked.body.errors).toBeUndefined();
    expect((await cardsOf(brand)).find((c: { id: string }) => c.id === first.bookingId).unreadCount).toBe(0);

    // Each thread line names the booking it is about.
    const thread = await app.gql(THREAD, { id: first.bookingId }, brand.token);
    expect(thread.body.errors).toBeUndefined();
    const lines = thread.body.data.bookingConversation.messages.edges.map((e: { node: Record<string, string> }) => e.node).filter((m: { kind: string }) => m.kind === 'EVENT');
    expect(lines.length).toBeGreaterThanOrEqual(3);
    for (const line of lines) {
      const start = line.bookingId === first.bookingId ? hourFromNow(app, 32) : hourFromNow(app, 40);
      expect(new Date(line.bookingStartTime).getTime()).toBe(start.getTime());
    }
  });

  it('declining and cancelling clear the actor’s item too; a declined request leaves Requests for Cancelled', async () => {
    const request = await heldBooking(app, brand, star, hourFromNow(app, 50));
    expect((await cardsOf(star, 'REQUESTS')).find((c: { id: string }) => c.id === request.bookingId).unreadCount).toBe(1);
    const declined = await app.gql(`mutation ($id: ID!) { declineBooking(bookingId: $id, reason: "Fully booked") { status } }`, { id: request.bookingId }, star.token);
    expect(declined.body.errors).toBeUndefined();
    const cancelled = await cardsOf(star, 'CANCELLED');
    expect(cancelled.find((c: { id: string }) => c.id === request.bookingId).unreadCount).toBe(0);
  });

  it('requests waiting for the viewer come first; upcoming soonest first; a bad group is named', async () => {
    const brand2 = await account(app, 'brand');
    const later = await heldBooking(app, brand2, star, hourFromNow(app, 70));
    const sooner = await heldBooking(app, brand2, star, hourFromNow(app, 60));
    const ids = (await cardsOf(star, 'REQUESTS')).map((c: { id: string }) => c.id);
    expect(ids.indexOf(sooner.bookingId)).toBeLessThan(ids.indexOf(later.bookingId));
    const bad = await app.gql(CARDS, { group: 'SOON' }, star.token);
    expect(bad.body.errors[0].message).toMatch(/SOON/);
  });

  it('each booking names the group it is listed in now, by the server clock (a live update tells the client where it moved)', async () => {
    for (const group of ['UPCOMING', 'REQUESTS', 'CANCELLED']) {
      for (const card of await cardsOf(star, group)) expect(card.group).toBe(group);
    }
    const [soonest] = await cardsOf(star, 'UPCOMING');
    expect(soonest).toBeDefined();
    const one = `query ($id: ID!) { booking(id: $id) { group } }`;
    expect((await app.gql(one, { id: soonest.id }, brand.token)).body.data.booking.group).toBe('UPCOMING');
    app.clock.advance(500 * HOUR);
    try {
      expect((await app.gql(one, { id: soonest.id }, brand.token)).body.data.booking.group).toBe('PAST');
      const past = await cardsOf(star, 'PAST');
      expect(past.find((c: { id: string }) => c.id === soonest.id).group).toBe('PAST');
    } finally {
      app.clock.advance(-500 * HOUR);
    }
  });
});
