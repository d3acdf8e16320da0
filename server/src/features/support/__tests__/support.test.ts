import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../../test/harness';
import { UserRole } from '../../users/user.entity';
import {
  acceptedBooking,
  account,
  bookingRow,
  creator,
  gqlError,
  HOUR,
  hourFromNow,
  ledger,
  type Account,
} from '../../bookings/__tests__/booking-fixtures';

let app: TestApp;
let support: Account;
beforeAll(async () => {
  app = await startTestApp();
  support = await account(app, 'brand', UserRole.SUPPORT);
});
afterAll(async () => {
  await app?.close();
});

const OPEN = `query { supportDisputes(status: OPEN) { id kind openedBy reason evidence respondentStatement bookerName bookerEmail creatorName
  booking { id status paymentStatus totalCents } } }`;
const RESOLVE = `mutation ($input: ResolveDisputeInput!) { resolveDispute(input: $input) { id resolution refundCents resolutionNote resolvedAt
  booking { id status paymentStatus refundCents } } }`;

/** A confirmed booking (after its start) that the booker disputes; returns ids. */
async function disputed(opts: { completeFirst?: boolean } = {}) {
  const start = hourFromNow(app, 1);
  const c = await creator(app, [start], { displayName: 'Nova Streams' });
  const brand = await account(app);
  const { bookingId } = await acceptedBooking(app, brand, c, start);
  app.clock.advance(2 * HOUR);
  if (opts.completeFirst) {
    for (const who of [brand, c]) await app.gql(`mutation ($id: ID!) { confirmBookingCompletion(bookingId: $id) { id } }`, { id: bookingId }, who.token);
  }
  const res = await app.gql(
    `mutation ($input: OpenDisputeInput!) { openDispute(input: $input) { dispute { id } } }`,
    { input: { bookingId, reason: 'Only half the session happened', evidence: 'https://vod.example/1' } },
    brand.token,
  );
  if (res.body.errors) throw new Error(JSON.stringify(res.body.errors));
  return { bookingId, disputeId: res.body.data.openDispute.dispute.id as string, brand, c };
}

describe('support mediates disputes', () => {
  it('support sees open disputes with both parties and both statements; nobody else may look', async () => {
    const { disputeId, brand, c } = await disputed();
    const answer = await app.gql(
      `mutation ($input: AddDisputeStatementInput!) { addDisputeStatement(input: $input) { respondentStatement openedBy } }`,
      { input: { disputeId, statement: '  We streamed the full hour; the brand left early.  ' } },
      c.token,
    );
    expect(answer.body.data.addDisputeStatement).toEqual({ respondentStatement: 'We streamed the full hour; the brand left early.', openedBy: 'BOOKER' });
    const own = await app.gql(
      `mutation ($input: AddDisputeStatementInput!) { addDisputeStatement(input: $input) { id } }`,
      { input: { disputeId, statement: 'More' } },
      brand.token,
    );
    expect(gqlError(own.body).code).toBe('FORBIDDEN');

    const list = await app.gql(OPEN, {}, support.token);
    const row = list.body.data.supportDisputes.find((d: any) => d.id === disputeId);
    expect(row).toMatchObject({
      kind: 'GENERAL', openedBy: 'BOOKER', reason: 'Only half the session happened', evidence: 'https://vod.example/1',
      respondentStatement: 'We streamed the full hour; the brand left early.', bookerEmail: brand.email, bookerName: 'A CollabHub brand',
      creatorName: 'Nova Streams', booking: { status: 'DISPUTED', paymentStatus: 'DISPUTED', totalCents: 5000 },
    });
    expect(gqlError((await app.gql(OPEN, {}, brand.token)).body)).toEqual({ code: 'FORBIDDEN', message: 'Only support staff can do this' });
  });

  it('one dispute type: support reads the booking card, its history and both addresses; a party reads the same dispute without the other side\'s address', async () => {
    const { bookingId, disputeId, brand, c } = await disputed();
    const SUPPORT_VIEW = `query { supportDisputes(status: OPEN) { id creatorEmail creatorUserId bookerId
      booking { id paymentIntentId viewerRole availableActions history { action actor fromStatus toStatus reason } } } }`;
    const row = (await app.gql(SUPPORT_VIEW, {}, support.token)).body.data.supportDisputes.find((d: any) => d.id === disputeId);
    expect(row).toMatchObject({ creatorEmail: c.email, creatorUserId: c.userId, bookerId: brand.userId });
    expect(row.booking).toMatchObject({ id: bookingId, paymentIntentId: null, viewerRole: null, availableActions: [] });
    expect(row.booking.history.map((h: any) => h.action)).toEqual(['AUTHORIZE', 'ACCEPT', 'OPEN_DISPUTE']);
    expect(row.booking.history.at(-1)).toMatchObject({ actor: 'booker', fromStatus: 'CONFIRMED', toStatus: 'DISPUTED', reason: 'Only half the session happened' });

    const PARTY_VIEW = `query ($id: ID!) { booking(id: $id) { dispute { id bookerName creatorName booking { id } } } }`;
    const party = await app.gql(PARTY_VIEW, { id: bookingId }, brand.token);
    expect(party.body.data.booking.dispute).toMatchObject({ id: disputeId, creatorName: 'Nova Streams', booking: { id: bookingId } });
    const address = await app.gql(`query ($id: ID!) { booking(id: $id) { dispute { creatorEmail } } }`, { id: bookingId }, brand.token);
    expect(gqlError(address.body)).toEqual({ code: 'FORBIDDEN', message: "Only support staff see the creator's e-mail" });
  });

  it('only the booker sees the payment intent, over GraphQL and REST alike (support and the creator see null)', async () => {
    const { bookingId, brand, c } = await disputed();
    const PI = `query ($id: ID!) { booking(id: $id) { paymentIntentId } }`;
    const bookers = (await app.gql(PI, { id: bookingId }, brand.token)).body.data.booking.paymentIntentId;
    expect(bookers).toEqual(expect.any(String));
    const own = await app.rest('GET', `/bookings/${bookingId}`, undefined, brand.token);
    expect(own.body.data.booking.payment_intent_id).toBe(bookers);
    for (const who of [c, support]) {
      expect((await app.gql(PI, { id: bookingId }, who.token)).body.data.booking.paymentIntentId).toBeNull();
      const rest = await app.rest('GET', `/bookings/${bookingId}`, undefined, who.token);
      expect(rest.body.data.booking.payment_intent_id).toBeNull();
    }
  });

  it('a full refund cancels the booking and returns everything to the booker', async () => {
    const { bookingId, disputeId } = await disputed();
    const res = await app.gql(RESOLVE, { input: { disputeId, resolution: 'REFUND_FULL', note: 'Creator admitted the outage' } }, support.token);
    expect(res.body.data.resolveDispute).toMatchObject({
      resolution: 'REFUND_FULL', refundCents: 5000, resolutionNote: 'Creator admitted the outage',
      booking: { status: 'CANCELLED', paymentStatus: 'REFUNDED', refundCents: 5000 },
    });
    expect(await ledger(app, bookingId)).toMatchObject({ captured: 5000, refunded: 5000, fee: 0, allocated: 0 });
    const again = await app.gql(RESOLVE, { input: { disputeId, resolution: 'RELEASE', note: 'Second thoughts' } }, support.token);
    expect(gqlError(again.body)).toEqual({ code: 'INVALID_TRANSITION', message: 'This dispute is already resolved' });
  });

  it('a partial refund completes the booking: refund back, 10% fee on the rest, the creator gets the remainder', async () => {
    const { bookingId, disputeId } = await disputed({ completeFirst: true });
    const tooMuch = await app.gql(RESOLVE, { input: { disputeId, resolution: 'REFUND_PARTIAL', refundCents: 5000, note: 'Half the stream' } }, support.token);
    expect(gqlError(tooMuch.body)).toEqual({ code: 'BAD_USER_INPUT', message: 'A partial refund is between 1 and 4999 cents' });
    const res = await app.gql(RESOLVE, { input: { disputeId, resolution: 'REFUND_PARTIAL', refundCents: 2000, note: 'Half the stream' } }, support.token);
    expect(res.body.data.resolveDispute.booking).toEqual({ id: bookingId, status: 'COMPLETED', paymentStatus: 'ALLOCATED', refundCents: 2000 });
    expect(await ledger(app, bookingId)).toMatchObject({ captured: 5000, refunded: 2000, fee: 300, allocated: 2700 });
  });

  it('release completes the booking and allocates the creator share', async () => {
    const { bookingId, disputeId } = await disputed();
    const res = await app.gql(RESOLVE, { input: { disputeId, resolution: 'RELEASE', note: 'The stream took place' } }, support.token);
    expect(res.body.data.resolveDispute.booking).toMatchObject({ status: 'COMPLETED', paymentStatus: 'ALLOCATED' });
    expect(await ledger(app, bookingId)).toMatchObject({ captured: 5000, refunded: 0, fee: 500, allocated: 4500 });
  });

  it('only support may resolve disputes or warn users', async () => {
    const { disputeId, brand, c } = await disputed();
    expect(gqlError((await app.gql(RESOLVE, { input: { disputeId, resolution: 'RELEASE' } }, c.token)).body)).toEqual({
      code: 'FORBIDDEN', message: 'Only support staff can do this',
    });
    const warn = `mutation ($input: WarnUserInput!) { warnUser(input: $input) { userId reason bookingId warningCount } }`;
    expect(gqlError((await app.gql(warn, { input: { userId: c.userId, reason: 'x' } }, brand.token)).body).code).toBe('FORBIDDEN');
  });

  it('a warning is recorded on the user with its reason and counted', async () => {
    const { bookingId, c } = await disputed();
    const warn = `mutation ($input: WarnUserInput!) { warnUser(input: $input) { userId reason bookingId warningCount } }`;
    const first = await app.gql(warn, { input: { userId: c.userId, reason: 'Late to the session', bookingId } }, support.token);
    expect(first.body.data.warnUser).toEqual({ userId: c.userId, reason: 'Late to the session', bookingId, warningCount: 1 });
    const second = await app.gql(warn, { input: { userId: c.userId, reason: 'Rude in chat' } }, support.token);
    expect(second.body.data.warnUser.warningCount).toBe(2);
    const [row] = await app.orm.em.fork().getConnection().execute('select warning_count from users where id = ?', [c.userId]);
    expect(row.warning_count).toBe(2);
    expect(gqlError((await app.gql(warn, { input: { userId: c.userId, reason: '  ' } }, support.token)).body)).toEqual({
      code: 'BAD_USER_INPUT', message: 'A warning needs a reason',
    });
    expect((await bookingRow(app, bookingId)).status).toBe('disputed');
  });

  it('a refund whose server died mid-call is finished by the sweep, and the dispute is recorded as resolved with its note', async () => {
    const { bookingId, disputeId } = await disputed();
    const provider = app.server.services.payments.provider;
    const realRefund = provider.refund;
    let refunded!: () => void;
    const refundMade = new Promise<void>((resolve) => (refunded = resolve));
    let wakeUp!: () => void;
    const asleep = new Promise<void>((resolve) => (wakeUp = resolve));
    // The provider refunds, then this server "dies": its request never gets to record anything.
    provider.refund = async (...args) => {
      const result = await realRefund.apply(provider, args);
      refunded();
      await asleep;
      return result;
    };
    const resolving = app.gql(RESOLVE, { input: { disputeId, resolution: 'REFUND_FULL', note: 'Stream never started' } }, support.token);
    await refundMade;
    provider.refund = realRefund;

    app.clock.advance(6 * 60_000);
    await app.server.jobs.runAll(app.clock.now());
    const [row] = await app.orm.em.fork().getConnection().execute('select resolution, refund_cents, resolution_note, resolved_by, resolved_at from disputes where id = ?', [disputeId]);
    expect(row).toMatchObject({ resolution: 'refund_full', refund_cents: 5000, resolution_note: 'Stream never started', resolved_by: support.userId });
    expect(row.resolved_at).not.toBeNull();
    expect(await bookingRow(app, bookingId)).toMatchObject({ status: 'cancelled', payment_status: 'refunded', money_step: null });
    expect(await ledger(app, bookingId)).toMatchObject({ captured: 5000, refunded: 5000 });

    // The "dead" request, woken up, finds its move made by someone else and records nothing twice.
    wakeUp();
    expect(gqlError((await resolving).body).code).toBe('CONFLICT');
    expect(await ledger(app, bookingId)).toMatchObject({ captured: 5000, refunded: 5000 });
  });
});
