import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../../test/harness';
import { account, bookingRow, creator, DAY, HOUR, hourFromNow, ledger, pay, type Account, type Creator } from '../../bookings/__tests__/booking-fixtures';

/**
 * Custom offers in the thread through the real stack: REST as named in issue 33 (GraphQL for the
 * thread's cards), the one checkout with the local payments provider, the expiry sweep, and races
 * decided by the database.
 */

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app?.close();
});

const sql = (q: string, params: unknown[] = []) => app.orm.em.fork().getConnection().execute(q, params);

async function pair(slots: Date[] = []): Promise<{ c: Creator; brand: Account; conversationId: string }> {
  const c = await creator(app, slots);
  const brand = await account(app);
  const res = await app.rest('POST', '/conversations', { creatorId: c.profileId, text: 'Could you do a segment and some clips?' }, brand.token);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return { c, brand, conversationId: res.body.data.id };
}

const dueIn = (days: number) => new Date(app.clock.now().getTime() + days * DAY).toISOString();

const ITEMS = [
  { label: '15 min live segment', quantity: 1, unit_price_cents: 30_000 },
  { label: 'Clip', quantity: 3, unit_price_cents: 5000 },
];

async function send(who: Account, conversationId: string, body: Record<string, unknown> = { items: ITEMS, due_at: dueIn(5) }) {
  const res = await app.rest('POST', `/conversations/${conversationId}/offers`, body, who.token);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data.offer;
}

const THREAD = /* GraphQL */ `
  query ($id: ID!) {
    conversation(id: $id) {
      messages(last: 50) {
        edges { node { kind text mine offerId offer { id version status totalCents availableActions items { label quantity unitPriceCents totalCents } } } }
      }
    }
  }`;

describe('custom offers', () => {
  it('creator offers, brand counters, creator accepts, brand pays: the booking is confirmed with the agreed lines', async () => {
    const { c, brand, conversationId } = await pair();
    const first = await send(c, conversationId);
    expect(first).toMatchObject({ version: 1, status: 'pending', total_cents: 45_000, sender_role: 'creator', available_actions: ['withdraw'] });
    // Default expiry: 72 hours.
    expect(new Date(first.expires_at).getTime() - new Date(first.created_at).getTime()).toBe(72 * HOUR);

    // The brand sees it as a card in the thread, with what it may do.
    const thread = await app.gql(THREAD, { id: conversationId }, brand.token);
    expect(thread.body.errors).toBeUndefined();
    const card = thread.body.data.conversation.messages.edges.map((e: any) => e.node).find((m: any) => m.kind === 'OFFER');
    expect(card).toMatchObject({ mine: false, offerId: first.id, offer: { version: 1, status: 'PENDING', totalCents: 45_000, availableActions: ['ACCEPT', 'DECLINE', 'COUNTER'] } });
    expect(card.offer.items).toEqual([
      { label: '15 min live segment', quantity: 1, unitPriceCents: 30_000, totalCents: 30_000 },
      { label: 'Clip', quantity: 3, unitPriceCents: 5000, totalCents: 15_000 },
    ]);

    const counter = await app.rest('POST', `/offers/${first.id}/counter`, { items: [{ label: '15 min live segment', quantity: 1, unit_price_cents: 25_000 }, ITEMS[1]], due_at: dueIn(6) }, brand.token);
    expect(counter.status, JSON.stringify(counter.body)).toBe(201);
    const second = counter.body.data.offer;
    expect(second).toMatchObject({ version: 2, root_id: first.id, status: 'pending', total_cents: 40_000, sender_role: 'client' });
    expect((await app.rest('GET', `/offers/${first.id}`, undefined, c.token)).body.data.offer.status).toBe('countered');
    // The countered version can no longer be accepted.
    expect((await app.rest('POST', `/offers/${first.id}/accept`, {}, brand.token)).status).toBe(409);

    // The creator accepts the brand's counter: the brand pays next.
    const accepted = await app.rest('POST', `/offers/${second.id}/accept`, {}, c.token);
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    expect(accepted.body.data.offer).toMatchObject({ status: 'accepted' });
    expect(accepted.body.data.checkoutUrl).toBeUndefined();
    const bell = await sql(`select n.type from notification n where n.user_id = ? order by n.created_at`, [brand.userId]);
    expect(bell.map((n: any) => n.type)).toContain('offer.accepted');

    const paid = await app.rest('POST', `/offers/${second.id}/accept`, {}, brand.token);
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    const { bookingId, paymentIntentId, checkoutUrl, booking } = paid.body.data;
    expect(checkoutUrl).toContain(bookingId);
    expect(booking).toMatchObject({ offer_id: second.id, total_amount: 400, status: 'pending', payment_status: 'unpaid' });
    expect(booking.line_items.map((l: any) => [l.label, l.quantity, l.unit_price_cents, l.kind])).toEqual([
      ['15 min live segment', 1, 25_000, 'custom'],
      ['Clip', 3, 5000, 'custom'],
    ]);
    // Asked again before paying: the same checkout.
    const resumed = await app.rest('POST', `/offers/${second.id}/accept`, {}, brand.token);
    expect(resumed.body.data.bookingId).toBe(bookingId);

    await pay(app, brand, paymentIntentId);
    // Both sides agreed: the held money is captured and the booking confirmed without another yes.
    const row = await bookingRow(app, bookingId);
    expect([row.status, row.payment_status]).toEqual(['confirmed', 'held']);
    expect((await ledger(app, bookingId)).captured).toBe(40_000);
    expect((await app.rest('POST', `/offers/${second.id}/accept`, {}, brand.token)).status).toBe(409);
  });

  it("the brand's accept of a creator's offer with a time holds those hours and answers the checkout", async () => {
    const start = hourFromNow(app, 30);
    const { c, brand, conversationId } = await pair([start, new Date(start.getTime() + HOUR)]);
    const offer = await send(c, conversationId, {
      items: [{ label: '2 h co-stream', quantity: 2, unit_price_cents: 8000 }],
      start_time: start.toISOString(),
      end_time: new Date(start.getTime() + 2 * HOUR).toISOString(),
    });
    // Never open past its start.
    expect(new Date(offer.expires_at).getTime()).toBeLessThanOrEqual(start.getTime());
    const res = await app.rest('POST', `/offers/${offer.id}/accept`, {}, brand.token);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.offer.status).toBe('accepted');
    const slots = await sql('select is_booked, booking_id from availability_slots where streamer_id = ? order by start_time', [c.profileId]);
    expect(slots.every((s: any) => s.is_booked && s.booking_id === res.body.data.bookingId)).toBe(true);
    await pay(app, brand, res.body.data.paymentIntentId);
    expect((await bookingRow(app, res.body.data.bookingId)).status).toBe('confirmed');
    expect((await ledger(app, res.body.data.bookingId)).captured).toBe(16_000);
  });

  it('refuses bad terms naming the field; strangers get 404; only the right side may move', async () => {
    const { c, brand, conversationId } = await pair();
    const cases: [Record<string, unknown>, string][] = [
      [{ items: [], due_at: dueIn(2) }, 'items'],
      [{ items: [{ label: '', quantity: 1, unit_price_cents: 100 }], due_at: dueIn(2) }, 'items.0.label'],
      [{ items: [{ label: 'Clip', quantity: 0, unit_price_cents: 100 }], due_at: dueIn(2) }, 'items.0.quantity'],
      [{ items: [{ label: 'Clip', quantity: 1, unit_price_cents: -5 }], due_at: dueIn(2) }, 'items.0.unit_price_cents'],
      [{ items: [{ label: 'Clip', quantity: 1, unit_price_cents: 0 }], due_at: dueIn(2) }, 'items'],
      [{ items: ITEMS }, 'due_at'],
      [{ items: ITEMS, start_time: hourFromNow(app, 10).toISOString() }, 'end_time'],
      [{ items: ITEMS, due_at: dueIn(-1) }, 'due_at'],
      [{ items: ITEMS, due_at: dueIn(2), expires_at: dueIn(60) }, 'expires_at'],
    ];
    for (const [body, field] of cases) {
      const res = await app.rest('POST', `/conversations/${conversationId}/offers`, body, c.token);
      expect(res.status, `${field}: ${JSON.stringify(res.body)}`).toBe(400);
      expect(res.body.field, JSON.stringify(res.body)).toBe(field);
    }
    expect(await sql('select id from offers where conversation_id = ?', [conversationId])).toEqual([]);

    const offer = await send(c, conversationId);
    const stranger = await account(app);
    expect((await app.rest('GET', `/offers/${offer.id}`, undefined, stranger.token)).status).toBe(404);
    expect((await app.rest('POST', `/offers/${offer.id}/accept`, {}, stranger.token)).status).toBe(404);
    expect((await app.rest('POST', `/conversations/${conversationId}/offers`, { items: ITEMS, due_at: dueIn(2) }, stranger.token)).status).toBe(404);
    expect((await app.rest('POST', `/offers/${offer.id}/withdraw`, {}, brand.token)).status).toBe(403);
    expect((await app.rest('POST', `/offers/${offer.id}/accept`, {}, c.token)).status).toBe(403);
    const declined = await app.rest('POST', `/offers/${offer.id}/decline`, {}, brand.token);
    expect(declined.body.data.offer.status).toBe('declined');
    expect((await app.rest('POST', `/offers/${offer.id}/withdraw`, {}, c.token)).status).toBe(409);
  });

  it('an unanswered offer expires through the sweep, and then nobody can accept it', async () => {
    const { c, brand, conversationId } = await pair();
    const offer = await send(c, conversationId, { items: ITEMS, due_at: dueIn(10) });
    app.clock.advance(72 * HOUR + 1000);
    expect((await app.rest('POST', `/offers/${offer.id}/accept`, {}, brand.token)).status).toBe(409);
    await app.server.jobs.runAll(app.clock.now());
    const after = await app.rest('GET', `/offers/${offer.id}`, undefined, brand.token);
    expect(after.body.data.offer).toMatchObject({ status: 'expired', available_actions: [] });
    const events = await sql(`select topic, audience_user_ids from outbox_event where topic = 'offer.expired' and payload->>'offerId' = ?`, [offer.id]);
    expect(events).toHaveLength(1);
    expect([...events[0].audience_user_ids].sort()).toEqual([brand.userId, c.userId].sort());
  });

  it('exactly one of racing accept, withdraw and expire wins', async () => {
    const outcomes = new Map<string, number>();
    for (let round = 0; round < 8; round++) {
      const { c, brand, conversationId } = await pair();
      const offer = await send(c, conversationId, { items: ITEMS, due_at: dueIn(10) });
      // The sweep runs as if past the expiry while the two parties still see the offer open.
      // Some rounds give one contender a head start of a few milliseconds, so each gets its chance to be first.
      const [dA, dW, dE] = [[0, 0, 0], [0, 30, 30], [30, 0, 30], [30, 30, 0]][round % 4];
      const after = <T>(ms: number, f: () => Promise<T>) => new Promise((r) => setTimeout(r, ms)).then(f);
      const [acceptRes, withdrawRes, expired] = await Promise.all([
        after(dA, () => app.rest('POST', `/offers/${offer.id}/accept`, {}, brand.token)),
        after(dW, () => app.rest('POST', `/offers/${offer.id}/withdraw`, {}, c.token)),
        after(dE, () => app.server.services.offers.expireDue(new Date(app.clock.now().getTime() + 73 * HOUR))),
      ]);
      const wins = [acceptRes.status === 200, withdrawRes.status === 200, expired === 1].filter(Boolean).length;
      expect(wins, `round ${round}: ${acceptRes.status} ${withdrawRes.status} ${expired}`).toBe(1);
      for (const r of [acceptRes, withdrawRes]) expect([200, 409]).toContain(r.status);
      const [row] = await sql('select status, booking_id from offers where id = ?', [offer.id]);
      const topics = await sql(`select topic from outbox_event where payload->>'offerId' = ? and topic <> 'offer.sent'`, [offer.id]);
      expect(topics.map((t: any) => t.topic)).toEqual([`offer.${row.status}`]);
      // A losing accept leaves no booking behind.
      const bookings = await sql('select id from bookings where offer_id = ?', [offer.id]);
      expect(bookings.length).toBe(row.status === 'accepted' ? 1 : 0);
      outcomes.set(row.status, (outcomes.get(row.status) ?? 0) + 1);
    }
    console.log('offer race outcomes', Object.fromEntries(outcomes));
  });
});
