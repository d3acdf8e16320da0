import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../../test/harness';
import {
  account,
  bookingRow,
  checkout,
  consecutive,
  creator,
  heldBooking,
  HOUR,
  hourFromNow,
  ledger,
  slotsOf,
  type Account,
  type Creator,
} from '../../bookings/__tests__/booking-fixtures';

let app: TestApp;
let brand: Account;

beforeAll(async () => {
  app = await startTestApp();
  brand = await account(app, 'brand');
});
afterAll(() => app.close());

const PROPOSE = /* GraphQL */ `
  mutation ($input: ProposeBookingTimeInput!) { proposeBookingTime(input: $input) { id kind text bookingId proposal { startTime endTime status } } }`;
const RESPOND = /* GraphQL */ `
  mutation ($input: RespondToProposedTimeInput!) { respondToProposedTime(input: $input) { id proposal { status respondedAt } } }`;

const err = (body: any) => ({ code: body.errors?.[0]?.extensions?.code, message: body.errors?.[0]?.message });
const propose = (who: Account, bookingId: string, start: Date, hours = 1) =>
  app.gql(PROPOSE, { input: { bookingId, startTime: start.toISOString(), endTime: new Date(start.getTime() + hours * HOUR).toISOString() } }, who.token);
const respond = (who: Account, messageId: string, accept: boolean) => app.gql(RESPOND, { input: { messageId, accept } }, who.token);
const bookedHours = async (c: Creator) =>
  (await slotsOf(app, c.profileId)).filter((s: any) => s.is_booked).map((s: any) => new Date(s.start_time).toISOString());

describe('proposing another time', () => {
  it('the creator proposes free hours; the booker accepts: the booking moves, the hours swap, the hold and the ledger stay exact', async () => {
    const first = hourFromNow(app, 30);
    const later = hourFromNow(app, 34);
    const star = await creator(app, [...consecutive(first, 2), ...consecutive(later, 2)]);
    const { bookingId } = await heldBooking(app, brand, star, first, 2);
    const before = await bookingRow(app, bookingId);

    const proposed = await propose(star, bookingId, later, 2);
    expect(proposed.body.errors).toBeUndefined();
    expect(proposed.body.data.proposeBookingTime).toMatchObject({ kind: 'PROPOSAL', bookingId, proposal: { status: 'PENDING', startTime: later.toISOString() } });
    const notes = await app.rest('GET', '/notifications', undefined, brand.token);
    expect(notes.body.data[0]).toMatchObject({ type: 'booking.time_proposed', booking_id: bookingId });

    // The booker's booking card carries the open proposal and its conversation (with the unread proposal).
    const CARD = `query { myBookings(first: 50) { edges { node { id openProposal { id proposal { startTime status } } conversation { id unreadCount } } } } }`;
    const cardOf = async (who: Account) => (await app.gql(CARD, {}, who.token)).body.data.myBookings.edges.map((e: any) => e.node).find((n: any) => n.id === bookingId);
    const brandCard = await cardOf(brand);
    expect(brandCard.openProposal).toEqual({ id: proposed.body.data.proposeBookingTime.id, proposal: { startTime: later.toISOString(), status: 'PENDING' } });
    expect(brandCard.conversation.unreadCount).toBeGreaterThanOrEqual(1);
    const thread = await app.gql(`query ($id: ID!) { bookingConversation(bookingId: $id) { id } }`, { id: bookingId }, brand.token);
    expect(brandCard.conversation.id).toBe(thread.body.data.bookingConversation.id);

    const accepted = await respond(brand, proposed.body.data.proposeBookingTime.id, true);
    expect(accepted.body.errors).toBeUndefined();
    expect(accepted.body.data.respondToProposedTime.proposal.status).toBe('ACCEPTED');
    const after = await bookingRow(app, bookingId);
    expect(new Date(after.start_time).toISOString()).toBe(later.toISOString());
    expect(new Date(after.end_time).toISOString()).toBe(new Date(later.getTime() + 2 * HOUR).toISOString());
    // One yes from each side: the creator proposed, the booker accepted, so the request is confirmed (same price, captured once).
    expect([after.status, after.payment_status, after.total_cents, after.payment_intent_id]).toEqual(['confirmed', 'held', before.total_cents, before.payment_intent_id]);
    expect(await bookedHours(star)).toEqual(consecutive(later, 2).map((d) => d.toISOString()));
    expect((await ledger(app, bookingId)).captured).toBe(before.total_cents);
    expect((await cardOf(brand)).openProposal).toBeNull();
    // The thread tells the story: the proposal, then the move.
    const lines = await app.rest('GET', `/bookings/${bookingId}/messages`, undefined, star.token);
    expect(lines.body.data.map((m: any) => m.event_type ?? m.kind)).toEqual(['booking.created', 'proposal', 'booking.moved', 'booking.confirmed']);
    // Each side's bell says who said yes: the creator reads that the brand accepted their time, never that they accepted their own booking.
    const bell = async (who: Account) => (await app.rest('GET', '/notifications', undefined, who.token)).body.data.filter((n: any) => n.type === 'booking.confirmed' && n.booking_id === bookingId).map((n: any) => n.text);
    const brandName = (await app.gql(`query ($id: ID!) { booking(id: $id) { creator { displayName } } }`, { id: bookingId }, brand.token)).body.data.booking.creator.displayName;
    expect(await bell(star)).toEqual([expect.stringMatching(/ accepted your proposed time: the booking is confirmed$/)]);
    expect(await bell(brand)).toEqual([`${brandName} accepted your booking`]);
    // Nothing is left for the creator to accept.
    const acc = await app.gql(`mutation ($id: ID!) { acceptBooking(bookingId: $id) { status } }`, { id: bookingId }, star.token);
    expect(err(acc.body).code).toBe('INVALID_TRANSITION');
    expect((await ledger(app, bookingId)).captured).toBe(before.total_cents);
  });

  it("a shift by one hour that overlaps the booking's own hours is proposed and accepted: the booking does not conflict with itself", async () => {
    const first = hourFromNow(app, 36);
    const star = await creator(app, consecutive(first, 3));
    const { bookingId } = await heldBooking(app, brand, star, first, 2);
    const shifted = new Date(first.getTime() + HOUR);
    const proposed = await propose(star, bookingId, shifted, 2);
    expect(proposed.body.errors).toBeUndefined();
    const accepted = await respond(brand, proposed.body.data.proposeBookingTime.id, true);
    expect(accepted.body.errors).toBeUndefined();
    expect(accepted.body.data.respondToProposedTime.proposal.status).toBe('ACCEPTED');
    const after = await bookingRow(app, bookingId);
    expect([new Date(after.start_time).toISOString(), new Date(after.end_time).toISOString()]).toEqual([shifted.toISOString(), new Date(shifted.getTime() + 2 * HOUR).toISOString()]);
    // The first hour is free again; the two shifted hours are the booking's.
    expect(await bookedHours(star)).toEqual(consecutive(shifted, 2).map((d) => d.toISOString()));
  });

  it('the booker declines: nothing moves, and a line says so', async () => {
    const first = hourFromNow(app, 40);
    const star = await creator(app, [first, hourFromNow(app, 42)]);
    const { bookingId } = await heldBooking(app, brand, star, first);
    const p = (await propose(star, bookingId, hourFromNow(app, 42))).body.data.proposeBookingTime.id;
    expect((await respond(brand, p, false)).body.data.respondToProposedTime.proposal.status).toBe('DECLINED');
    expect(new Date((await bookingRow(app, bookingId)).start_time).toISOString()).toBe(first.toISOString());
    const lines = await app.rest('GET', `/bookings/${bookingId}/messages`, undefined, brand.token);
    expect(lines.body.data.at(-1)).toMatchObject({ kind: 'text', text: 'Declined the proposed time.', sender_id: brand.userId });
    expect(err((await respond(brand, p, true)).body)).toEqual({ code: 'CONFLICT', message: 'This proposed time is no longer open' });
  });

  it('the state machine offers the creator, and only the creator, "propose another time" while the request is pending; both once it is confirmed', async () => {
    const first = hourFromNow(app, 44);
    const star = await creator(app, [first]);
    const { bookingId } = await heldBooking(app, brand, star, first);
    const actions = async (who: Account) =>
      (await app.gql(`query ($id: ID!) { booking(id: $id) { availableActions } }`, { id: bookingId }, who.token)).body.data.booking.availableActions;
    expect(await actions(star)).toEqual(['ACCEPT', 'DECLINE', 'PROPOSE_TIME']);
    expect(await actions(brand)).toEqual(['CANCEL']);
    await app.gql(`mutation ($id: ID!) { acceptBooking(bookingId: $id) { status } }`, { id: bookingId }, star.token);
    expect(await actions(star)).toContain('PROPOSE_TIME');
    expect(await actions(brand)).toContain('PROPOSE_TIME');
  });

  it('refusals name the reason and change nothing', async () => {
    const first = hourFromNow(app, 50);
    const star = await creator(app, [...consecutive(first, 2), hourFromNow(app, 53)]);
    const { bookingId } = await heldBooking(app, brand, star, first);
    expect(err((await propose(brand, bookingId, hourFromNow(app, 53))).body)).toEqual({
      code: 'INVALID_TRANSITION',
      message: "This booking can't be offered another time: it is awaiting the creator's answer",
    });
    expect(err((await propose(star, bookingId, hourFromNow(app, 60))).body)).toEqual({ code: 'CONFLICT', message: 'Those hours are not free in your availability' });
    const longer = (await propose(star, bookingId, hourFromNow(app, 53), 2)).body;
    expect(err(longer)).toEqual({ code: 'BAD_USER_INPUT', message: 'endTime: the new time must be as long as the booking (1 hour)' });
    expect(longer.errors[0].extensions.field).toBe('endTime');
    expect((await app.rest('GET', `/bookings/${bookingId}/messages`, undefined, star.token)).body.data.map((m: any) => m.kind)).toEqual(['event']);
    const p = (await propose(star, bookingId, hourFromNow(app, 53))).body.data.proposeBookingTime.id;
    expect(err((await respond(star, p, true)).body)).toEqual({ code: 'FORBIDDEN', message: 'Only the other party of the booking can answer a proposed time' });
    const outsider = await account(app, 'brand');
    expect(err((await respond(outsider, p, true)).body).code).toBe('NOT_FOUND');
    // Accepting the request at its own hours closes the time proposed for it (issue 28); a confirmed
    // booking is moved by a proposal made for it, answered by the other party.
    await app.gql(`mutation ($id: ID!) { acceptBooking(bookingId: $id) { status } }`, { id: bookingId }, star.token);
    expect(err((await respond(brand, p, true)).body)).toEqual({ code: 'CONFLICT', message: 'This proposed time is no longer open' });
    const again = (await propose(star, bookingId, hourFromNow(app, 53))).body;
    expect(again.errors).toBeUndefined();
    expect((await respond(brand, again.data.proposeBookingTime.id, true)).body.errors).toBeUndefined();
    expect(new Date((await bookingRow(app, bookingId)).start_time).toISOString()).toBe(hourFromNow(app, 53).toISOString());
    expect((await bookingRow(app, bookingId)).status).toBe('confirmed');
  });
});

describe('races', () => {
  it('two proposals accepted at the same time: exactly one wins, the other is closed, the hours and the money are exact', async () => {
    const first = hourFromNow(app, 70);
    const a = hourFromNow(app, 72);
    const b = hourFromNow(app, 74);
    const star = await creator(app, [first, a, b]);
    const { bookingId } = await heldBooking(app, brand, star, first);
    const pa = (await propose(star, bookingId, a)).body.data.proposeBookingTime.id;
    const pb = (await propose(star, bookingId, b)).body.data.proposeBookingTime.id;
    const [ra, rb] = await Promise.all([respond(brand, pa, true), respond(brand, pb, true)]);
    const wins = [ra, rb].filter((r) => !r.body.errors);
    const losses = [ra, rb].filter((r) => r.body.errors);
    expect(wins).toHaveLength(1);
    expect(err(losses[0].body)).toEqual({ code: 'CONFLICT', message: 'This proposed time is no longer open' });
    const winner = wins[0] === ra ? a : b;
    expect(new Date((await bookingRow(app, bookingId)).start_time).toISOString()).toBe(winner.toISOString());
    expect(await bookedHours(star)).toEqual([winner.toISOString()]);
    const statuses = await app.orm.em.fork().getConnection().execute(`select proposal_status from message where booking_id = ? order by proposal_status`, [bookingId]);
    expect(statuses.map((s: any) => s.proposal_status)).toEqual(['accepted', 'superseded']);
    expect((await ledger(app, bookingId)).captured).toBe((await bookingRow(app, bookingId)).total_cents);
  });

  it('a proposal accepted while a brand books the same hours: exactly one gets them; the other is told clearly; no money moves twice', async () => {
    for (let round = 0; round < 3; round++) {
      const first = hourFromNow(app, 80 + round * 5);
      const contested = hourFromNow(app, 82 + round * 5);
      const star = await creator(app, [first, contested]);
      const rival = await account(app, 'brand');
      const { bookingId } = await heldBooking(app, brand, star, first);
      const p = (await propose(star, bookingId, contested)).body.data.proposeBookingTime.id;
      const [answer, rivalCheckout] = await Promise.allSettled([respond(brand, p, true), checkout(app, rival, star, contested)]);
      const moved = answer.status === 'fulfilled' && !answer.value.body.errors;
      const booked = rivalCheckout.status === 'fulfilled';
      expect(moved !== booked, `round ${round}: exactly one wins (moved=${moved}, booked=${booked})`).toBe(true);
      if (!moved) {
        expect(answer.status === 'fulfilled' && err(answer.value.body)).toEqual({ code: 'CONFLICT', message: 'Those hours were taken meanwhile. Ask the creator to propose another time.' });
        expect(new Date((await bookingRow(app, bookingId)).start_time).toISOString()).toBe(first.toISOString());
      } else {
        expect(String((rivalCheckout as PromiseRejectedResult).reason)).toContain('CONFLICT');
      }
      // One booking per hour, and every held hour belongs to a live booking.
      const live = await app.orm.em
        .fork()
        .getConnection()
        .execute(`select start_time from bookings where streamer_id = ? and status in ('pending', 'confirmed') order by start_time`, [star.profileId]);
      expect(new Set(live.map((r: any) => new Date(r.start_time).toISOString())).size).toBe(live.length);
      // The move confirmed the request (captured once); a lost one moved no money.
      if (moved) expect((await ledger(app, bookingId)).captured).toBe((await bookingRow(app, bookingId)).total_cents);
      else expect((await ledger(app, bookingId)).rows).toEqual([]);
    }
  });
});

// Last in the file: its expiry case moves the shared clock forward.
describe('a proposal closes with the move', () => {
  it('a proposed time closes with the move when the request is accepted, declined, cancelled or expires first: no card shows it, nobody can accept it', async () => {
    const CARD = `query { myBookings(first: 50) { edges { node { id openProposal { id } } } } }`;
    const openProposalOf = async (bookingId: string) =>
      (await app.gql(CARD, {}, brand.token)).body.data.myBookings.edges.map((e: any) => e.node).find((n: any) => n.id === bookingId).openProposal;
    const cases: [string, (star: Creator, bookingId: string) => Promise<unknown>][] = [
      ['accepted', (star, id) => app.gql(`mutation ($id: ID!) { acceptBooking(bookingId: $id) { status } }`, { id }, star.token)],
      ['declined', (star, id) => app.gql(`mutation ($id: ID!) { declineBooking(bookingId: $id, reason: "Busy") { status } }`, { id }, star.token)],
      ['cancelled', (_star, id) => app.gql(`mutation ($input: CancelBookingInput!) { cancelBooking(input: $input) { status } }`, { input: { bookingId: id } }, brand.token)],
      [
        'expired',
        async () => {
          app.clock.advance(80 * HOUR);
          await app.server.jobs.runAll(app.clock.now());
        },
      ],
    ];
    for (const [what, move] of cases) {
      const first = hourFromNow(app, 60);
      const later = hourFromNow(app, 64);
      const star = await creator(app, [first, later]);
      const { bookingId } = await heldBooking(app, brand, star, first);
      const proposed = await propose(star, bookingId, later);
      expect(proposed.body.errors, what).toBeUndefined();
      expect(await openProposalOf(bookingId), what).not.toBeNull();

      await move(star, bookingId);
      const status = (await bookingRow(app, bookingId)).status;
      expect(status, what).not.toBe('pending');
      expect(await openProposalOf(bookingId), what).toBeNull();
      const late = await respond(brand, proposed.body.data.proposeBookingTime.id, true);
      expect(err(late.body).code, what).toBe('CONFLICT');
      const [row] = await app.orm.em.fork().getConnection().execute(`select proposal_status from message where id = ?`, [proposed.body.data.proposeBookingTime.id]);
      expect(row.proposal_status, what).toBe('superseded');
      expect(new Date((await bookingRow(app, bookingId)).start_time).getTime(), what).toBe(first.getTime());
    }
  });
});
