import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../../test/harness';
import { UserRole } from '../../users';
import {
  acceptedBooking,
  account,
  bookingRow,
  creator,
  DAY,
  enablePayouts,
  heldBooking,
  HOUR,
  hourFromNow,
  ledger,
  type Account,
  type Creator,
} from '../../bookings/__tests__/booking-fixtures';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ ENABLE_TEST_CLOCK: '1' });
});
afterAll(async () => {
  await app?.close();
});

const BRIEF = {
  talking_points: 'Show the new controller in the first 10 minutes; mention the launch price',
  links: ['https://example.com/controller'],
  dos: 'Play the ranked mode',
  donts: 'No competitor products on screen',
  disclosure_required: true,
};

/** A confirmed (accepted, paid) hourly booking starting in 2 hours. */
async function confirmed(): Promise<{ bookingId: string; brand: Account; c: Creator }> {
  const start = hourFromNow(app, 2);
  const c = await creator(app, [start]);
  const brand = await account(app);
  const { bookingId } = await acceptedBooking(app, brand, c, start);
  return { bookingId, brand, c };
}

const state = async (id: string) => {
  const row = await bookingRow(app, id);
  return `${row.status}/${row.payment_status}`;
};

const BOOKING_DELIVERIES = /* GraphQL */ `
  query ($id: ID!) {
    booking(id: $id) {
      status
      brief { version talkingPoints links dos donts disclosureRequired confirmedAt confirmedVersion }
      deliveries { id number links note status submittedAt approvalDueAt responseNote respondedBy }
      deliveryTerms { revisionsIncluded revisionsUsed revisionsLeft approvalWindowHours }
    }
  }
`;

const topics = async (bookingId: string): Promise<string[]> =>
  (await app.orm.em.fork().getConnection().execute(`select topic from outbox_event where booking_id = ? order by created_at, id`, [bookingId])).map((r: any) => r.topic);

async function uploadPng(token: string): Promise<string> {
  const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#3366cc' } }).png().toBuffer();
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'screenshot.png');
  const res = await fetch(`${app.url}/api/v1/files`, { method: 'POST', body: form, headers: { authorization: `Bearer ${token}` } });
  expect(res.status).toBe(201);
  return ((await res.json()) as any).data.id;
}

describe('files on briefs and deliveries', () => {
  it("the creator's screenshot on a delivery is downloadable by both parties through signed links; a stranger gets 404; someone else's upload is refused", async () => {
    const { bookingId, brand, c } = await confirmed();
    const fileId = await uploadPng(c.token);
    const delivered = await app.rest('POST', `/bookings/${bookingId}/deliveries`, { links: [], file_ids: [fileId], note: 'Screenshot of the overlay' }, c.token);
    expect(delivered.status).toBe(201);
    expect(delivered.body.data.files).toMatchObject([{ id: fileId, name: 'screenshot.png', content_type: 'image/png' }]);

    const seen = await app.gql(`query ($id: ID!) { booking(id: $id) { deliveries { fileIds files { id name signedUrl } } } }`, { id: bookingId }, brand.token);
    expect(seen.body.errors).toBeUndefined();
    const [file] = seen.body.data.booking.deliveries[0].files;
    expect(file).toMatchObject({ id: fileId, name: 'screenshot.png' });
    const got = await fetch(`${app.url}${file.signedUrl}`);
    expect(got.status).toBe(200);
    expect((await sharp(Buffer.from(await got.arrayBuffer())).metadata()).width).toBe(40);

    const stranger = await account(app);
    const theirs = await app.gql(`query ($id: ID!) { file(id: $id) { id } }`, { id: fileId }, stranger.token);
    expect(theirs.body.errors[0].extensions.code).toBe('NOT_FOUND');

    // The brand cannot attach the creator's upload to the brief: only their own.
    const refused = await app.rest('PUT', `/bookings/${bookingId}/brief`, { ...BRIEF, file_ids: [fileId] }, brand.token);
    expect(refused.status).toBe(400);
    expect(refused.body.error).toMatch(/file/);
    const own = await uploadPng(brand.token);
    const brief = await app.rest('PUT', `/bookings/${bookingId}/brief`, { ...BRIEF, file_ids: [own] }, brand.token);
    expect(brief.body.data.files.map((f: any) => f.id)).toEqual([own]);
  });
});

describe('the brief', () => {
  it('the brand writes it after acceptance, the creator confirms it, a change asks for confirmation again; both see it', async () => {
    const { bookingId, brand, c } = await confirmed();
    const put = await app.rest('PUT', `/bookings/${bookingId}/brief`, BRIEF, brand.token);
    expect(put.status).toBe(200);
    expect(put.body.data).toMatchObject({ version: 1, talking_points: BRIEF.talking_points, disclosure_required: true, confirmed_at: null });

    // The same brief again is the same version.
    expect((await app.rest('PUT', `/bookings/${bookingId}/brief`, BRIEF, brand.token)).body.data.version).toBe(1);

    const seen = await app.gql(BOOKING_DELIVERIES, { id: bookingId }, c.token);
    expect(seen.body.data.booking.brief).toMatchObject({ version: 1, dos: 'Play the ranked mode', donts: 'No competitor products on screen', confirmedVersion: null });

    const confirm = await app.gql(`mutation ($id: ID!) { confirmBookingBrief(bookingId: $id, version: 1) { brief { version confirmedAt confirmedVersion } } }`, { id: bookingId }, c.token);
    expect(confirm.body.errors).toBeUndefined();
    expect(confirm.body.data.confirmBookingBrief.brief).toMatchObject({ version: 1, confirmedVersion: 1 });
    expect(confirm.body.data.confirmBookingBrief.brief.confirmedAt).toBeTruthy();

    // Changing it after confirmation: version 2, not confirmed; version 1 stays confirmed on the record.
    const changed = await app.rest('PUT', `/bookings/${bookingId}/brief`, { ...BRIEF, dos: 'Play the ranked mode and the new map' }, brand.token);
    expect(changed.body.data).toMatchObject({ version: 2, confirmed_at: null, confirmed_version: 1 });
    const stale = await app.rest('POST', `/bookings/${bookingId}/brief/confirm`, { version: 1 }, c.token);
    expect(stale.status).toBe(409);
    expect(stale.body.error).toMatch(/version 2/);
    expect((await app.rest('POST', `/bookings/${bookingId}/brief/confirm`, { version: 2 }, c.token)).body.data).toMatchObject({ version: 2, confirmed_version: 2 });

    const history = await app.rest('GET', `/bookings/${bookingId}/brief`, undefined, brand.token);
    expect(history.body.data.versions.map((v: any) => [v.version, Boolean(v.confirmed_at)])).toEqual([[1, true], [2, true]]);
    expect(await topics(bookingId)).toEqual(expect.arrayContaining(['brief.submitted', 'brief.confirmed']));
    expect((await topics(bookingId)).filter((t) => t === 'brief.submitted')).toHaveLength(2);
  });

  it('refuses bad input naming the field, the creator writing it, a request not accepted yet, and strangers (404)', async () => {
    const { bookingId, brand, c } = await confirmed();
    const noPoints = await app.rest('PUT', `/bookings/${bookingId}/brief`, { ...BRIEF, talking_points: '  ' }, brand.token);
    expect(noPoints.status).toBe(400);
    expect(noPoints.body.error).toMatch(/talking_points is required/);
    const badLink = await app.rest('PUT', `/bookings/${bookingId}/brief`, { ...BRIEF, links: ['javascript:alert(1)'] }, brand.token);
    expect(badLink.status).toBe(400);
    expect(badLink.body.error).toMatch(/link/);
    const noDisclosure = await app.rest('PUT', `/bookings/${bookingId}/brief`, { talking_points: 'x' }, brand.token);
    expect(noDisclosure.status).toBe(400);
    expect(noDisclosure.body.error).toMatch(/disclosure/);
    expect((await app.rest('PUT', `/bookings/${bookingId}/brief`, BRIEF, c.token)).status).toBe(403);

    const stranger = await account(app);
    expect((await app.rest('PUT', `/bookings/${bookingId}/brief`, BRIEF, stranger.token)).status).toBe(404);
    expect((await app.rest('GET', `/bookings/${bookingId}/brief`, undefined, stranger.token)).status).toBe(404);
    expect((await app.rest('GET', `/bookings/${bookingId}/deliveries`, undefined, stranger.token)).status).toBe(404);
    expect((await app.rest('POST', `/bookings/${bookingId}/deliveries`, { links: ['https://x.example/v'] }, stranger.token)).status).toBe(404);

    const start = hourFromNow(app, 30);
    const c2 = await creator(app, [start]);
    const held = await heldBooking(app, brand, c2, start);
    const early = await app.rest('PUT', `/bookings/${held.bookingId}/brief`, BRIEF, brand.token);
    expect(early.status).toBe(409);
    expect(early.body.error).toMatch(/accepted/);
    // Nothing was written by any refusal.
    expect((await app.rest('GET', `/bookings/${bookingId}/brief`, undefined, brand.token)).body.data.brief).toBeNull();
  });
});

describe('delivery and approval', () => {
  it('the creator delivers, the brand asks for a change (one included), a second change is refused, then approves: completed and paid out', async () => {
    const { bookingId, brand, c } = await confirmed();
    const before = app.clock.now().getTime();
    const first = await app.rest('POST', `/bookings/${bookingId}/deliveries`, { links: ['https://twitch.tv/videos/1'], note: 'VOD of the stream', submitted_at: '2000-01-01T00:00:00Z' }, c.token);
    expect(first.status).toBe(201);
    expect(first.body.data).toMatchObject({ number: 1, status: 'submitted', links: ['https://twitch.tv/videos/1'], note: 'VOD of the stream' });
    // The server's time, never the client's.
    const submittedAt = new Date(first.body.data.submitted_at).getTime();
    expect(submittedAt - before).toBeGreaterThanOrEqual(0);
    expect(submittedAt - before).toBeLessThan(60_000);
    expect(new Date(first.body.data.approval_due_at).getTime()).toBe(submittedAt + 72 * HOUR);

    // Only one delivery waits at a time; only the creator delivers; only the brand answers.
    expect((await app.rest('POST', `/bookings/${bookingId}/deliveries`, { links: ['https://twitch.tv/videos/2'] }, c.token)).status).toBe(409);
    expect((await app.rest('POST', `/bookings/${bookingId}/deliveries`, { links: ['https://twitch.tv/videos/2'] }, brand.token)).status).toBe(403);
    const d1 = first.body.data.id;
    expect((await app.rest('POST', `/bookings/${bookingId}/deliveries/${d1}/approve`, {}, c.token)).status).toBe(403);
    const noNote = await app.rest('POST', `/bookings/${bookingId}/deliveries/${d1}/request-changes`, {}, brand.token);
    expect(noNote.status).toBe(400);
    expect(noNote.body.error).toMatch(/note is required/);

    const changes = await app.rest('POST', `/bookings/${bookingId}/deliveries/${d1}/request-changes`, { note: 'Please add the clip of the giveaway' }, brand.token);
    expect(changes.status).toBe(200);
    expect(changes.body.data).toMatchObject({ status: 'changes_requested', response_note: 'Please add the clip of the giveaway', responded_by: 'booker' });

    const second = await app.rest('POST', `/bookings/${bookingId}/deliveries`, { links: ['https://twitch.tv/videos/1', 'https://clips.twitch.tv/giveaway'] }, c.token);
    expect(second.body.data).toMatchObject({ number: 2, status: 'submitted' });
    const d2 = second.body.data.id;
    const noMore = await app.rest('POST', `/bookings/${bookingId}/deliveries/${d2}/request-changes`, { note: 'One more thing' }, brand.token);
    expect(noMore.status).toBe(409);
    expect(noMore.body.error).toMatch(/used the revision included/);
    const terms = await app.gql(BOOKING_DELIVERIES, { id: bookingId }, brand.token);
    expect(terms.body.data.booking.deliveryTerms).toEqual({ revisionsIncluded: 1, revisionsUsed: 1, revisionsLeft: 0, approvalWindowHours: 72 });

    const approved = await app.gql(`mutation ($b: ID!, $d: ID!) { approveDelivery(bookingId: $b, deliveryId: $d) { status paymentStatus deliveries { number status respondedBy } } }`, { b: bookingId, d: d2 }, brand.token);
    expect(approved.body.errors).toBeUndefined();
    expect(approved.body.data.approveDelivery).toMatchObject({
      status: 'COMPLETED',
      deliveries: [{ number: 1, status: 'CHANGES_REQUESTED', respondedBy: 'BOOKER' }, { number: 2, status: 'APPROVED', respondedBy: 'BOOKER' }],
    });
    expect(await state(bookingId)).toBe('completed/allocated');
    // The same approval twice moves nothing.
    expect((await app.rest('POST', `/bookings/${bookingId}/deliveries/${d2}/approve`, {}, brand.token)).status).toBe(409);

    // The payout follows through the booking process's own path: the creator asks for it.
    await enablePayouts(app, c);
    const payout = await app.rest('POST', '/payments/payout', { booking_id: bookingId }, c.token);
    expect(payout.status).toBe(200);
    const money = await ledger(app, bookingId);
    expect(money.captured).toBe(5000);
    expect(money.fee).toBe(500);
    expect(money.transferred).toBe(4500);
    expect(await topics(bookingId)).toEqual(expect.arrayContaining(['delivery.submitted', 'delivery.changes_requested', 'delivery.approved', 'booking.completed']));
  });

  it('a booking may include more revisions (a package or offer): each is counted', async () => {
    const { bookingId, brand, c } = await confirmed();
    await app.orm.em.fork().getConnection().execute(`update bookings set revisions_included = 2 where id = ?`, [bookingId]);
    for (const n of [1, 2]) {
      const d = await app.rest('POST', `/bookings/${bookingId}/deliveries`, { links: [`https://youtu.be/v${n}`] }, c.token);
      expect((await app.rest('POST', `/bookings/${bookingId}/deliveries/${d.body.data.id}/request-changes`, { note: `change ${n}` }, brand.token)).status).toBe(200);
    }
    const d3 = await app.rest('POST', `/bookings/${bookingId}/deliveries`, { links: ['https://youtu.be/v3'] }, c.token);
    expect((await app.rest('POST', `/bookings/${bookingId}/deliveries/${d3.body.data.id}/request-changes`, { note: 'change 3' }, brand.token)).body.error).toMatch(
      /used the 2 revisions included/,
    );
  });

  it('silence approves when the window ends (the sweep, on the test clock), and the booking does not complete on its own before', async () => {
    const { bookingId, c } = await confirmed();
    // Delivered right after the session: its own completion deadline (end + 48 h) is before the approval window's end.
    app.clock.advance(3 * HOUR);
    const d = await app.rest('POST', `/bookings/${bookingId}/deliveries`, { links: ['https://twitch.tv/videos/9'] }, c.token);
    expect(new Date((await bookingRow(app, bookingId)).confirmation_deadline).getTime()).toBe(new Date(d.body.data.approval_due_at).getTime() + HOUR);

    app.clock.advance(72 * HOUR - 60_000);
    await app.server.jobs.runAll(app.clock.now());
    expect(await state(bookingId)).toBe('confirmed/held');

    app.clock.advance(2 * 60_000);
    await app.server.jobs.runAll(app.clock.now());
    await app.server.jobs.runAll(app.clock.now());
    expect(await state(bookingId)).toBe('auto_completed/allocated');
    const list = await app.rest('GET', `/bookings/${bookingId}/deliveries`, undefined, c.token);
    expect(list.body.data.deliveries).toMatchObject([{ status: 'approved', responded_by: 'system' }]);
    expect((await topics(bookingId)).filter((t) => t === 'delivery.approved')).toHaveLength(1);

    // The payout follows on its own once due (2 business days after the allocation).
    await enablePayouts(app, c);
    app.clock.advance(5 * DAY);
    await app.server.jobs.runAll(app.clock.now());
    expect((await bookingRow(app, bookingId)).payment_status).toMatch(/released|paid_out/);
    expect((await ledger(app, bookingId)).transferred).toBe(4500);
  });

  it('a change request after the window is refused; racing approval and change request: exactly one wins', async () => {
    const { bookingId, brand, c } = await confirmed();
    const d = await app.rest('POST', `/bookings/${bookingId}/deliveries`, { links: ['https://twitch.tv/videos/7'] }, c.token);
    const id = d.body.data.id;
    const [approve, change] = await Promise.all([
      app.rest('POST', `/bookings/${bookingId}/deliveries/${id}/approve`, {}, brand.token),
      app.rest('POST', `/bookings/${bookingId}/deliveries/${id}/request-changes`, { note: 'Redo the intro' }, brand.token),
    ]);
    expect([approve.status, change.status].filter((s) => s === 200)).toHaveLength(1);
    const [row] = (await app.rest('GET', `/bookings/${bookingId}/deliveries`, undefined, brand.token)).body.data.deliveries;
    expect(row.status).toBe(approve.status === 200 ? 'approved' : 'changes_requested');
    expect(await state(bookingId)).toBe(approve.status === 200 ? 'completed/allocated' : 'confirmed/held');

    const other = await confirmed();
    const late = await app.rest('POST', `/bookings/${other.bookingId}/deliveries`, { links: ['https://twitch.tv/videos/8'] }, other.c.token);
    app.clock.advance(73 * HOUR);
    const refused = await app.rest('POST', `/bookings/${other.bookingId}/deliveries/${late.body.data.id}/request-changes`, { note: 'too late' }, other.brand.token);
    expect(refused.status).toBe(409);
    expect(refused.body.error).toMatch(/approval window has ended/);
  });

  it('support sees the brief and the deliveries of a disputed booking, with their files; a dispute closes the delivery waiting', async () => {
    const { bookingId, brand, c } = await confirmed();
    await app.rest('PUT', `/bookings/${bookingId}/brief`, BRIEF, brand.token);
    const shot = await uploadPng(c.token);
    await app.rest('POST', `/bookings/${bookingId}/deliveries`, { links: ['https://twitch.tv/videos/5'], note: 'Here it is', file_ids: [shot] }, c.token);
    app.clock.advance(2 * HOUR + 5 * 60_000);
    const dispute = await app.rest('POST', `/bookings/${bookingId}/dispute`, { reason: 'The product was never shown on stream' }, brand.token);
    expect(dispute.status).toBe(200);

    const support = await account(app, 'brand', UserRole.SUPPORT);
    const disputes = await app.gql(
      `query { supportDisputes { booking { id brief { talkingPoints disclosureRequired } deliveries { links note status files { id signedUrl } } } } }`,
      {},
      support.token,
    );
    expect(disputes.body.errors).toBeUndefined();
    const mine = disputes.body.data.supportDisputes.find((d: any) => d.booking.id === bookingId);
    expect(mine.booking.brief).toEqual({ talkingPoints: BRIEF.talking_points, disclosureRequired: true });
    expect(mine.booking.deliveries).toMatchObject([{ links: ['https://twitch.tv/videos/5'], note: 'Here it is', status: 'CLOSED', files: [{ id: shot }] }]);
    // Support reads the delivered file through a link signed for them.
    const signed = mine.booking.deliveries[0].files[0].signedUrl;
    expect(signed).toContain(`viewer=${support.userId}`);
    expect((await fetch(`${app.url}${signed}`)).status).toBe(200);
    // The window's sweep does not approve a delivery of a disputed booking.
    app.clock.advance(80 * HOUR);
    await app.server.jobs.runAll(app.clock.now());
    expect(await state(bookingId)).toBe('disputed/disputed');
  });
});
