import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/harness';
import { formatMoney } from '../platform/shared/money';
import { account, acceptedBooking, creator, enablePayouts, HOUR, hourFromNow, type Account, type Creator } from '../features/bookings/__tests__/booking-fixtures';
import { mailTo, type CaughtMail } from '../features/mail/__tests__/mail-helpers';
import { pdfText } from '../features/documents/__tests__/pdf-text';
import { startReceiver, type Receiver } from '../features/webhooks/__tests__/receiver';
import { UserRole } from '../features/users/user.entity';

/**
 * Issue 29, "one source for every figure": four bookings whose money ends differently are followed
 * through every place an amount is told — the booking card (GraphQL), the REST booking, the e-mails
 * (the real SMTP catcher), the bell, the conversation line, the webhook payload (a real HTTP
 * receiver), Overview, the support console and the documents (PDF text read back) — and every
 * place tells the same figures, to the cent. Events carry no money: each channel reads the ledger
 * when it renders (bookings' `moneyOf`).
 */

let app: TestApp;
let receiver: Receiver;
let support: Account;
beforeAll(async () => {
  app = await startTestApp();
  receiver = await startReceiver();
  support = await account(app, 'brand', UserRole.SUPPORT);
});
afterAll(async () => {
  await receiver?.close();
  await app?.close();
});

const $ = (cents: number) => formatMoney(cents);

/** The figures a booking's money ends with (cents). */
interface Figures {
  charged: number;
  refunded: number;
  paid: number;
  fee: number;
  creator: number;
  paidOut: number;
}

interface Scenario {
  key: string;
  bookingId: string;
  brand: Account;
  c: Creator;
  creatorName: string;
}

const BOOKING_EVENTS = ['booking.created', 'booking.confirmed', 'booking.cancelled', 'booking.completed', 'booking.disputed', 'booking.resolved', 'payout.paid'];

/** Sends what a running server would send after each move: due e-mails and webhook deliveries. */
async function deliver() {
  await app.server.services.emailDelivery.runDue(app.clock.now());
  await app.server.services.webhookDispatcher.runDue();
  await app.server.services.webhookDispatcher.idle();
}

async function endpoint(owner: Account, path: string) {
  const res = await app.gql(
    `mutation ($input: CreateWebhookEndpointInput!) { createWebhookEndpoint(input: $input) { endpoint { id } } }`,
    { input: { url: receiver.url(path), eventTypes: BOOKING_EVENTS } },
    owner.token,
  );
  expect(res.body.errors).toBeUndefined();
}

/** A brand and a creator of their own (so Overview counts this booking alone), both with webhook endpoints, and a confirmed booking. */
async function scenario(key: string, startInHours: number): Promise<Scenario> {
  const creatorName = `Creator ${key}`;
  const start = hourFromNow(app, startInHours);
  const c = await creator(app, [start], { displayName: creatorName });
  const brand = await account(app, 'brand');
  await endpoint(brand, `/${key}/brand`);
  await endpoint(c, `/${key}/creator`);
  const { bookingId } = await acceptedBooking(app, brand, c, start);
  await deliver();
  return { key, bookingId, brand, c, creatorName };
}

async function gqlOk(query: string, variables: Record<string, unknown>, token: string) {
  const res = await app.gql(query, variables, token);
  expect(res.body.errors, JSON.stringify(res.body.errors)).toBeUndefined();
  return res.body.data;
}

/** The creator's share is transferred (asked for by the creator, or by the payout timer 2 business days after it was allocated), then paid out by the provider. */
async function payOut(s: Scenario, by: 'creator' | 'timer' = 'creator') {
  await enablePayouts(app, s.c);
  if (by === 'creator') {
    const paid = await app.rest('POST', '/payments/payout', { booking_id: s.bookingId }, s.c.token);
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
  } else {
    app.clock.advance(5 * 24 * HOUR);
    expect(await app.server.services.bookingTimers.payOut(app.clock.now())).toBeGreaterThanOrEqual(1);
  }
  await deliver();
  // The provider pays the connected account out: `payout.paid`.
  await app.server.services.payments.runLocalPayouts();
  await deliver();
}

const CARD = `query ($id: ID!) { booking(id: $id) {
  money { priceCents chargedCents refundedCents paidCents feeCents creatorCents paidOutCents decided }
  settlement { capturedCents refundedCents platformFeeCents creatorCents paidOutCents }
  documents { kind number totalCents url } } }`;

/** The webhook deliveries of one booking's event to a path, as the receiver got them. */
const hooks = (path: string, bookingId: string, type: string) =>
  receiver
    .at(path)
    .map((r) => JSON.parse(r.body) as { type: string; data: Record<string, unknown> })
    .filter((e) => e.type === type && e.data.bookingId === bookingId);

const bellOf = async (who: Account, bookingId: string) =>
  ((await gqlOk(`query { notifications(first: 50) { edges { node { type text bookingId } } } }`, {}, who.token)).notifications.edges as { node: { type: string; text: string; bookingId: string | null } }[])
    .map((e) => e.node)
    .filter((n) => n.bookingId === bookingId);

const linesOf = async (who: Account, bookingId: string) =>
  ((await gqlOk(`query ($id: ID!) { bookingConversation(bookingId: $id) { messages(last: 50) { edges { node { text eventType bookingId } } } } }`, { id: bookingId }, who.token))
    .bookingConversation.messages.edges as { node: { text: string; eventType: string | null; bookingId: string | null } }[])
    .map((e) => e.node)
    .filter((m) => m.eventType && m.bookingId === bookingId);

const mailFor = async (who: Account, subject: RegExp): Promise<CaughtMail> => {
  const found = (await mailTo(app, who.email)).filter((m) => subject.test(m.subject));
  expect(found.map((m) => m.subject), `one e-mail to ${who.email} matching ${subject}`).toHaveLength(1);
  return found[0];
};

/** The creator's Overview: Total Earnings and the Recent Earnings rows. */
const recentEarnings = async (s: Scenario) =>
  (await gqlOk(`query { overview { earningsCents recentEarnings { id status money { creatorCents } } } }`, {}, s.c.token)).overview;

async function pdfOf(url: string, token: string): Promise<string> {
  const res = await fetch(`${app.url}${url}`, { headers: { authorization: `Bearer ${token}` } });
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toBe('application/pdf');
  return pdfText(new Uint8Array(await res.arrayBuffer()));
}

/** The channels every booking shares: the card (both parties and support), REST, the final webhook payload, Overview. */
async function sameEverywhere(s: Scenario, f: Figures, finalEvent: string) {
  const money = { priceCents: 5000, chargedCents: f.charged, refundedCents: f.refunded, paidCents: f.paid, feeCents: f.fee, creatorCents: f.creator, paidOutCents: f.paidOut, decided: true };
  const settlement = { capturedCents: f.charged, refundedCents: f.refunded, platformFeeCents: f.fee, creatorCents: f.creator, paidOutCents: f.paidOut };
  // The booking card: the brand's, the creator's and support's console read the same booking.
  for (const who of [s.brand, s.c, support]) {
    const { booking } = await gqlOk(CARD, { id: s.bookingId }, who.token);
    expect(booking.money, `${s.key}: card money`).toEqual(money);
    expect(booking.settlement, `${s.key}: card settlement`).toEqual(settlement);
  }
  // REST.
  const rest = await app.rest('GET', `/bookings/${s.bookingId}`, undefined, s.brand.token);
  expect(rest.status).toBe(200);
  expect(rest.body.data.booking.settlement, `${s.key}: REST`).toEqual({
    captured_cents: f.charged,
    refunded_cents: f.refunded,
    platform_fee_cents: f.fee,
    creator_cents: f.creator,
    paid_out_cents: f.paidOut,
  });
  expect(rest.body.data.booking.refund_amount).toBe(f.refunded);
  // The webhook payload of the event that settled the money, to both parties' endpoints (a payout: the creator's).
  for (const path of finalEvent === 'payout.paid' ? [`/${s.key}/creator`] : [`/${s.key}/brand`, `/${s.key}/creator`]) {
    const [event] = hooks(path, s.bookingId, finalEvent);
    expect(event, `${s.key}: ${finalEvent} reached ${path}`).toBeDefined();
    expect(event.data, `${s.key}: webhook ${finalEvent}`).toMatchObject({ totalCents: 5000, chargedCents: f.charged, refundCents: f.refunded, paidCents: f.paid, feeCents: f.fee, creatorCents: f.creator });
  }
  // Overview: the creator's earnings are the ledger's share, what is not paid out yet is pending.
  const { overview } = await gqlOk(`query { overview { earningsCents pendingPayoutCents } }`, {}, s.c.token);
  expect(overview, `${s.key}: Overview`).toEqual({ earningsCents: f.creator, pendingPayoutCents: f.creator - f.paidOut });
}

describe('one source for every figure: a booking followed through every channel', () => {
  it('a late cancellation by the brand: refund half, the creator keeps their share of the rest and is paid it out', async () => {
    const s = await scenario('late', 5);
    const cancel = await app.rest('POST', `/bookings/${s.bookingId}/cancel`, { reason: 'Our launch slipped', reason_code: 'plans_changed' }, s.brand.token);
    expect(cancel.status, JSON.stringify(cancel.body)).toBe(200);
    expect(cancel.body.data.booking).toMatchObject({ cancelled_by: 'booker', cancellation_reason: 'Our launch slipped' });
    await deliver();
    const f: Figures = { charged: 5000, refunded: 2500, paid: 2500, fee: 250, creator: 2250, paidOut: 0 };
    await sameEverywhere(s, f, 'booking.cancelled');

    // E-mail: each side reads what it means for their own money.
    const toBrand = await mailFor(s.brand, /^You cancelled your booking/);
    expect(toBrand.text).toContain(`${$(2500)} is refunded to your card; ${$(2500)} is kept under the cancellation policy.`);
    expect(toBrand.text).toMatch(new RegExp(`Refund:?\\s+\\${$(2500)}`));
    const toCreator = await mailFor(s.c, /^Cancelled: booking with/);
    expect(toCreator.text).toContain('Reason: "Our launch slipped"');
    expect(toCreator.text).toContain(`You keep ${$(2250)}.`);
    expect(toCreator.text).toMatch(new RegExp(`You keep:?\\s+\\${$(2250)}`));
    // The bell (the brand cancelled: only the creator is told) and the thread's line (both sides' money).
    expect((await bellOf(s.c, s.bookingId)).find((n) => n.type === 'booking.cancelled')?.text).toBe(
      `A CollabHub brand cancelled (Our launch slipped). You keep ${$(2250)}.`,
    );
    const line = (await linesOf(s.brand, s.bookingId)).find((m) => m.eventType === 'booking.cancelled');
    expect(line?.text).toBe(`A CollabHub brand cancelled (Our launch slipped). Refund ${$(2500)}; the creator keeps ${$(2250)}.`);
    // Documents: the credit note for the refund; the invoice stays as issued.
    const docs = (await gqlOk(CARD, { id: s.bookingId }, s.brand.token)).booking.documents as { kind: string; totalCents: number; url: string }[];
    expect(docs.map((d) => [d.kind.toLowerCase(), d.totalCents])).toEqual([['invoice', 5000], ['receipt', 5000], ['credit_note', 2500]]);
    expect(await pdfOf(docs[2].url, s.brand.token)).toMatch(new RegExp(`Total credited \\(refunded to the card\\) \\${$(2500)}`));
    // Overview's Recent Earnings lists what Total Earnings counts: the share kept after the late cancellation.
    expect(await recentEarnings(s)).toEqual({ earningsCents: 2250, recentEarnings: [{ id: s.bookingId, status: 'CANCELLED', money: { creatorCents: 2250 } }] });

    // The creator's share is paid out: every channel now tells the payout, and the earlier lines keep the same cancellation figures.
    await payOut(s, 'timer');
    const paid: Figures = { ...f, paidOut: 2250 };
    await sameEverywhere(s, paid, 'payout.paid');
    expect((await hooks(`/${s.key}/creator`, s.bookingId, 'payout.paid'))[0].data).toMatchObject({ paidOutCents: 2250, amountCents: 2250 });
    // The cancellation's webhook was built when it was sent: nothing was paid out then.
    expect(hooks(`/${s.key}/creator`, s.bookingId, 'booking.cancelled')[0].data).toMatchObject({ paidOutCents: 0, creatorCents: 2250 });
    expect((await mailFor(s.c, /^Payout sent/)).subject).toBe(`Payout sent: ${$(2250)}`);
    expect((await bellOf(s.c, s.bookingId)).find((n) => n.type === 'payout.paid')?.text).toBe(`Payout sent: ${$(2250)}`);
    expect((await linesOf(s.c, s.bookingId)).find((m) => m.eventType === 'payout.paid')?.text).toBe(`Paid out ${$(2250)}`);
    expect((await linesOf(s.c, s.bookingId)).find((m) => m.eventType === 'booking.cancelled')?.text).toBe(line?.text);
    const statement = ((await gqlOk(CARD, { id: s.bookingId }, s.c.token)).booking.documents as { kind: string; totalCents: number; url: string }[]).find((d) => d.kind === 'PAYOUT_STATEMENT')!;
    expect(statement.totalCents).toBe(2250);
    const text = await pdfOf(statement.url, s.c.token);
    expect(text).toMatch(new RegExp(`Gross: paid by the client .*\\${$(2500)}`));
    expect(text).toMatch(new RegExp(`CollabHub platform fee -\\${$(250)}`));
    expect(text).toMatch(new RegExp(`Net: your earnings \\${$(2250)}`));
  });

  it('a cancellation by the creator: the brand is refunded in full, the creator keeps nothing', async () => {
    const s = await scenario('creator', 30);
    const cancel = await gqlOk(
      `mutation ($input: CancelBookingInput!) { cancelBooking(input: $input) { status cancelledByRole } }`,
      { input: { bookingId: s.bookingId, reasonCode: 'SCHEDULE_CONFLICT' } },
      s.c.token,
    );
    expect(cancel.cancelBooking).toEqual({ status: 'CANCELLED', cancelledByRole: 'creator' });
    await deliver();
    const f: Figures = { charged: 5000, refunded: 5000, paid: 0, fee: 0, creator: 0, paidOut: 0 };
    await sameEverywhere(s, f, 'booking.cancelled');

    const toBrand = await mailFor(s.brand, /^Cancelled: booking with/);
    expect(toBrand.text).toContain(`${s.creatorName} cancelled the booking`);
    expect(toBrand.text).toContain('Reason: "Schedule conflict"');
    expect(toBrand.text).toContain(`${$(5000)} is refunded to your card in full.`);
    expect((await bellOf(s.brand, s.bookingId)).find((n) => n.type === 'booking.cancelled')?.text).toBe(
      `${s.creatorName} cancelled (Schedule conflict). ${$(5000)} is refunded to your card in full.`,
    );
    expect((await linesOf(s.c, s.bookingId)).find((m) => m.eventType === 'booking.cancelled')?.text).toBe(
      `${s.creatorName} cancelled (Schedule conflict). Refund ${$(5000)}; the creator keeps ${$(0)}.`,
    );
    const docs = (await gqlOk(CARD, { id: s.bookingId }, s.c.token)).booking.documents as { kind: string; totalCents: number; url: string }[];
    expect(docs.map((d) => [d.kind.toLowerCase(), d.totalCents])).toEqual([['invoice', 5000], ['receipt', 5000], ['credit_note', 5000]]);
    const note = await pdfOf(docs[2].url, s.brand.token);
    expect(note).toMatch(new RegExp(`Total credited \\(refunded to the card\\) \\${$(5000)}`));
    expect(note).toMatch(new RegExp(`platform fee .*\\${$(500)}`));
    // Nothing earned: nothing in Overview's Recent Earnings.
    expect(await recentEarnings(s)).toEqual({ earningsCents: 0, recentEarnings: [] });
  });

  it('a partial refund after a dispute: support refunds $20.00, the fee and the share are of the $30.00 kept, and the share is paid out', async () => {
    const s = await scenario('dispute', 1);
    app.clock.advance(2 * HOUR);
    const opened = await gqlOk(
      `mutation ($input: OpenDisputeInput!) { openDispute(input: $input) { dispute { id } } }`,
      { input: { bookingId: s.bookingId, reason: 'Only half the session happened' } },
      s.brand.token,
    );
    await deliver();
    const resolved = await gqlOk(
      `mutation ($input: ResolveDisputeInput!) { resolveDispute(input: $input) { refundCents booking { status } } }`,
      { input: { disputeId: opened.openDispute.dispute.id, resolution: 'REFUND_PARTIAL', refundCents: 2000, note: 'Half the stream' } },
      support.token,
    );
    expect(resolved.resolveDispute).toEqual({ refundCents: 2000, booking: { status: 'COMPLETED' } });
    await deliver();
    const f: Figures = { charged: 5000, refunded: 2000, paid: 3000, fee: 300, creator: 2700, paidOut: 0 };
    await sameEverywhere(s, f, 'booking.resolved');
    // The support console's dispute list reads the same booking.
    const { supportDisputes } = await gqlOk(`query { supportDisputes(status: RESOLVED) { refundCents booking { id money { paidCents feeCents creatorCents refundedCents } } } }`, {}, support.token);
    expect(supportDisputes.find((d: { booking: { id: string } }) => d.booking.id === s.bookingId)).toEqual({
      refundCents: 2000,
      booking: { id: s.bookingId, money: { paidCents: 3000, feeCents: 300, creatorCents: 2700, refundedCents: 2000 } },
    });
    for (const who of [s.brand, s.c]) expect((await mailFor(who, /^Dispute resolved/)).text).toContain(`Refund: ${$(2000)}.`);

    await payOut(s);
    await sameEverywhere(s, { ...f, paidOut: 2700 }, 'payout.paid');
    expect((await mailFor(s.c, /^Payout sent/)).subject).toBe(`Payout sent: ${$(2700)}`);
    expect((await bellOf(s.c, s.bookingId)).find((n) => n.type === 'payout.paid')?.text).toBe(`Payout sent: ${$(2700)}`);
    expect((await linesOf(s.brand, s.bookingId)).find((m) => m.eventType === 'payout.paid')?.text).toBe(`Paid out ${$(2700)}`);
    const docs = (await gqlOk(CARD, { id: s.bookingId }, s.c.token)).booking.documents as { kind: string; totalCents: number; url: string }[];
    expect(docs.map((d) => [d.kind.toLowerCase(), d.totalCents])).toEqual([['invoice', 5000], ['receipt', 5000], ['credit_note', 2000], ['payout_statement', 2700]]);
    const statement = await pdfOf(docs[3].url, s.c.token);
    expect(statement).toMatch(new RegExp(`Gross: paid by the client .*\\${$(3000)}`));
    expect(statement).toMatch(new RegExp(`CollabHub platform fee -\\${$(300)}`));
    expect(statement).toMatch(new RegExp(`Net: your earnings \\${$(2700)}`));
    const note = await pdfOf(docs[2].url, s.brand.token);
    expect(note).toMatch(new RegExp(`Total credited \\(refunded to the card\\) \\${$(2000)}`));
  });

  it('a completed booking: the receipt e-mail attaches the invoice PDF, and the creator is paid their share', async () => {
    const s = await scenario('done', 1);
    // The receipt e-mail, sent at the capture: its figures are the attached invoice's and the ledger's.
    const receipt = await mailFor(s.brand, /^Receipt:/);
    expect(receipt.subject).toBe(`Receipt: ${$(5000)} paid for your booking with ${s.creatorName}`);
    expect(receipt.text).toMatch(new RegExp(`Collaboration with ${s.creatorName}:?\\s+\\${$(4500)}`));
    expect(receipt.text).toMatch(new RegExp(`Platform fee:?\\s+\\${$(500)}`));
    const pdf = receipt.attachments.find((a) => a.contentType === 'application/pdf');
    expect(pdf, 'the receipt e-mail attaches the invoice').toBeDefined();
    const invoice = ((await gqlOk(CARD, { id: s.bookingId }, s.brand.token)).booking.documents as { kind: string; number: string }[]).find((d) => d.kind === 'INVOICE')!;
    expect(pdf!.filename).toBe(`${invoice.number}.pdf`);
    const attached = await pdfText(new Uint8Array(Buffer.from(pdf!.base64, 'base64')));
    expect(attached).toContain(invoice.number);
    expect(attached).toMatch(new RegExp(`Collaboration with ${s.creatorName} .*\\${$(4500)}`));
    expect(attached).toMatch(new RegExp(`Total paid \\${$(5000)}`));
    expect((await bellOf(s.brand, s.bookingId)).find((n) => n.type === 'payment.captured')?.text).toBe(`Payment of ${$(5000)} captured: your invoice and receipt are ready`);

    app.clock.advance(2 * HOUR);
    for (const who of [s.brand, s.c]) await gqlOk(`mutation ($id: ID!) { confirmBookingCompletion(bookingId: $id) { id } }`, { id: s.bookingId }, who.token);
    await deliver();
    const f: Figures = { charged: 5000, refunded: 0, paid: 5000, fee: 500, creator: 4500, paidOut: 0 };
    await sameEverywhere(s, f, 'booking.completed');
    await payOut(s);
    await sameEverywhere(s, { ...f, paidOut: 4500 }, 'payout.paid');
    expect((await mailFor(s.c, /^Payout sent/)).subject).toBe(`Payout sent: ${$(4500)}`);
    expect((await bellOf(s.c, s.bookingId)).find((n) => n.type === 'payout.paid')?.text).toBe(`Payout sent: ${$(4500)}`);
    expect((await linesOf(s.brand, s.bookingId)).find((m) => m.eventType === 'payout.paid')?.text).toBe(`Paid out ${$(4500)}`);
    // Overview's recent earnings row reads the same share.
    const { overview } = await gqlOk(`query { overview { recentEarnings { id money { creatorCents } } } }`, {}, s.c.token);
    expect(overview.recentEarnings).toEqual([{ id: s.bookingId, money: { creatorCents: 4500 } }]);
    const docs = (await gqlOk(CARD, { id: s.bookingId }, s.c.token)).booking.documents as { kind: string; totalCents: number; url: string }[];
    const statement = await pdfOf(docs.find((d) => d.kind === 'PAYOUT_STATEMENT')!.url, s.c.token);
    expect(statement).toMatch(new RegExp(`Net: your earnings \\${$(4500)}`));
    expect(statement).toMatch(new RegExp(`Paid out in this payout \\${$(4500)}`));
  });

  it('a list of bookings reads its documents and money in one statement each, however long the list', async () => {
    const c = await creator(app, [hourFromNow(app, 50), hourFromNow(app, 51), hourFromNow(app, 52)]);
    const brand = await account(app, 'brand');
    for (const h of [50, 51, 52]) await acceptedBooking(app, brand, c, hourFromNow(app, h));
    app.queries.length = 0;
    const { myBookings: bookings } = await gqlOk(`query { myBookings(first: 10) { edges { node { id money { chargedCents } documents { kind } } } } }`, {}, brand.token);
    expect(bookings.edges).toHaveLength(3);
    for (const e of bookings.edges) expect(e.node).toMatchObject({ money: { chargedCents: 5000 }, documents: [{ kind: 'INVOICE' }, { kind: 'RECEIPT' }] });
    expect(app.queries.filter((q) => /from "?document"? /.test(q) && /booking_id/.test(q))).toHaveLength(1);
    expect(app.queries.filter((q) => /from bookings b where b.id = any/.test(q))).toHaveLength(1);
  });
});
