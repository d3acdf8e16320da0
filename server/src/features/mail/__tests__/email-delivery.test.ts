import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../../test/harness';
import { acceptedBooking, account, consecutive, creator, heldBooking, HOUR, hourFromNow, type Account, type Creator } from '../../bookings/__tests__/booking-fixtures';
import { EmailDeliveryWorker, LEASE_MS } from '../email-delivery';
import type { OutgoingMail } from '../../../platform/mail/mail-transport';
import { SecretBox } from '../../../platform/security/secret-box';
import { within } from '../../../../test/ws';
import { deliveryRows, inviteOf, mailTo } from './mail-helpers';

let app: TestApp;
let brand: Account;
let star: Creator;
let next = 40;

const nextHour = () => new Date(hourFromNow(app, 0).getTime() + next++ * HOUR);
const run = () => app.server.services.emailDelivery.runDue(app.clock.now());
const PREFS = /* GraphQL */ `mutation ($input: UpdateNotificationPreferencesInput!) { updateNotificationPreferences(input: $input) { timeZone timeZoneChosen kinds { key emailEnabled required } } }`;

beforeAll(async () => {
  app = await startTestApp();
  brand = await account(app, 'brand');
  star = await creator(app, consecutive(hourFromNow(app, 40), 40), { timezone: 'America/New_York', displayName: 'Nova Stream' });
  // The brand reads times in Berlin; the creator in their profile's zone (New York).
  const res = await app.gql(PREFS, { input: { timeZone: 'Europe/Berlin' } }, brand.token);
  expect(res.body.data.updateNotificationPreferences).toMatchObject({ timeZone: 'Europe/Berlin', timeZoneChosen: true });
});
afterAll(() => app?.close());

describe('transactional e-mail from the outbox', () => {
  it('a new request reaches the creator by e-mail: subject, time in their zone (named), a button to the booking, an unsubscribe header', async () => {
    const start = nextHour();
    const b = await heldBooking(app, brand, star, start);
    expect(await run()).toBeGreaterThanOrEqual(1);
    const [mail] = await mailTo(app, star.email);
    expect(mail.to).toEqual([star.email.toLowerCase()]);
    expect(mail.subject).toMatch(/^New booking request from /);
    expect(mail.headers.from).toContain('CollabHub');
    // 2026-… at the creator's wall-clock hour, zone named.
    const local = new Intl.DateTimeFormat('en-GB', { timeZone: 'America/New_York', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(start);
    expect(mail.text).toContain(local);
    expect(mail.text).toMatch(/America\/New_York \(E[SD]T\)/);
    expect(mail.html).toContain('America/New_York');
    expect(mail.links).toContain(`${app.url.replace('127.0.0.1', 'localhost')}/dashboard?tab=bookings&booking=${b.bookingId}`);
    expect(mail.headers['list-unsubscribe']).toMatch(/^<http:\/\/localhost:\d+\/api\/v1\/mail\/unsubscribe\?u=[^&]+&k=requests&t=[\w-]+>$/);
    expect(mail.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    expect(mail.text).toContain('Notification preferences');
    expect(mail.messageId).toMatch(/^<[0-9a-f-]{36}@collabhub\.localhost>$/);
  });

  it("addresses stay private: each party's invite has the platform as organizer and only its reader as attendee; a brand without a profile is named neutrally, never by its e-mail", async () => {
    const start = nextHour();
    const b = await acceptedBooking(app, brand, star, start);
    await run();
    const toBrand = (await mailTo(app, brand.email)).find((m) => m.subject === 'Confirmed: your booking with Nova Stream')!;
    const toCreator = (await mailTo(app, star.email)).filter((m) => m.attachments.some((a) => a.filename === 'invite.ics')).at(-1)!;
    expect(toCreator).toBeDefined();
    const brandLocal = brand.email.split('@')[0];
    for (const [mail, reader, other] of [
      [toBrand, brand.email, star.email],
      [toCreator, star.email, brand.email],
    ] as const) {
      const ics = mail.attachments.find((a) => a.filename === 'invite.ics')!.content;
      const raw = JSON.stringify(mail);
      expect(raw.toLowerCase()).not.toContain(other.toLowerCase());
      expect(ics).toMatch(/^ORGANIZER;CN=[^:]*:mailto:no-reply@collabhub\.localhost/im);
      const invite = inviteOf(mail);
      expect(invite.events[0].uid).toBe(`booking-${b.bookingId}@collabhub`);
      expect(invite.events[0].attendees).toEqual([reader.toLowerCase()]);
    }
    // The brand has no profile: the creator reads a neutral name, nowhere the e-mail's local part.
    expect(inviteOf(toCreator).events[0].summary).toBe('Collab with A CollabHub brand');
    expect(JSON.stringify(toCreator)).not.toContain(brandLocal);
    const request = (await mailTo(app, star.email)).find((m) => m.subject.startsWith('New booking request from '))!;
    expect(request.subject).toBe('New booking request from A CollabHub brand');
  });

  it('accepting sends the brand a confirmation with a METHOD:REQUEST invite (stable UID, SEQUENCE 0) in their zone; a creator cancel sends METHOD:CANCEL with a higher SEQUENCE', async () => {
    const start = nextHour();
    const b = await acceptedBooking(app, brand, star, start);
    await run();
    const confirmation = (await mailTo(app, brand.email)).find((m) => m.subject === 'Confirmed: your booking with Nova Stream')!;
    expect(confirmation).toBeDefined();
    expect(confirmation.text).toMatch(/Europe\/Berlin \(CES?T\)/);
    expect(confirmation.text).toContain('Nova Stream accepted your booking');
    const invite = inviteOf(confirmation);
    expect(invite.method).toBe('REQUEST');
    expect(invite.events).toHaveLength(1);
    expect(invite.events[0]).toMatchObject({ uid: `booking-${b.bookingId}@collabhub`, sequence: 0, status: 'CONFIRMED', summary: 'Collab with Nova Stream' });
    expect(invite.events[0].start.getTime()).toBe(start.getTime());
    expect(invite.events[0].end.getTime()).toBe(start.getTime() + HOUR);
    // The reader is the only attendee; the creator is named, never addressed.
    expect(invite.events[0].attendees).toEqual([brand.email.toLowerCase()]);
    // The invite travels once, as Google and Outlook expect: one text/calendar part (METHOD=REQUEST) beside the
    // text and HTML, and one invite.ics attachment; no other copy of the calendar in the message.
    const raw = await fetch(`${app.url}/dev/mailbox/${confirmation.id}/raw`).then((r) => r.text());
    const partTypes = [...raw.matchAll(/^Content-Type:\s*([^;\r\n]+)(.*)$/gim)].map((m) => m[1].toLowerCase());
    expect(partTypes.filter((t) => t === 'text/calendar')).toHaveLength(1);
    expect(raw).toMatch(/^Content-Type: text\/calendar; charset=utf-8; method=REQUEST/im);
    expect(partTypes.filter((t) => t === 'application/ics' || t === 'text/calendar')).toHaveLength(2);
    expect(raw.match(/filename="?invite\.ics/gi)).toHaveLength(1);

    const cancel = await app.gql(`mutation ($input: CancelBookingInput!) { cancelBooking(input: $input) { status } }`, { input: { bookingId: b.bookingId, reason: 'Schedule clash' } }, star.token);
    expect(cancel.body.errors).toBeUndefined();
    await run();
    const cancelled = (await mailTo(app, brand.email)).find((m) => m.subject === 'Cancelled: booking with Nova Stream')!;
    expect(cancelled.text).toContain('$50.00 is refunded');
    expect(cancelled.text).toContain('Schedule clash');
    const update = inviteOf(cancelled);
    expect(update.method).toBe('CANCEL');
    expect(update.events[0]).toMatchObject({ uid: `booking-${b.bookingId}@collabhub`, sequence: 1, status: 'CANCELLED' });
    // Payments cannot be unsubscribed: the header still points at preferences, and the kind is required.
    expect(cancelled.headers['list-unsubscribe']).toContain('k=payments');
  });

  it('a crash between the SMTP send and its record sends the same message again (same Message-ID): the mailbox holds one', async () => {
    const services = app.server.services;
    let sentBeforeDying = 0;
    // A worker whose process dies right after the SMTP server accepted the message: its record never happens.
    const dying = new EmailDeliveryWorker({
      enabled: true,
      orm: app.orm,
      clock: app.clock,
      send: async (mail: OutgoingMail) => {
        await app.server.deps.mail.send(mail);
        sentBeforeDying++;
        return new Promise<void>(() => {});
      },
      from: () => app.server.deps.mail.from,
      preferences: services.mailPreferences,
      calendar: services.calendar,
      publicUrl: () => app.server.deps.mail.publicUrl(),
      linkBox: new SecretBox(app.config.secretsKey),
      money: (em, ids) => services.bookings.moneyOf(em, ids),
      document: (em, id) => services.documents.issuedPdf(em, id),
      supportAddress: () => 'support@collabhub.localhost',
    });
    const before = (await mailTo(app, star.email)).length;
    const b = await heldBooking(app, brand, star, nextHour());
    void dying.runDue(app.clock.now());
    await within(10_000, () => sentBeforeDying === 1);
    const afterCrash = await mailTo(app, star.email);
    expect(afterCrash.length).toBe(before + 1);
    const sentOnce = afterCrash[0];
    expect(sentOnce.subject).toMatch(/New booking request/);
    // Claimed (attempt counted, lease held) and never recorded: still pending, not sent.
    const [row] = (await deliveryRows(app, star.userId)).filter((d) => d.message_id === sentOnce.messageId);
    expect(row).toMatchObject({ status: 'pending', attempts: 1 });

    // While the lease holds, nobody sends it again.
    expect(await run()).toBe(0);
    // The lease expires: the sweep sends the same message (same Message-ID) and records it.
    app.clock.advance(LEASE_MS + 1000);
    expect(await run()).toBe(1);
    const afterRetry = await mailTo(app, star.email);
    expect(afterRetry.length).toBe(before + 1);
    expect(afterRetry[0]).toMatchObject({ messageId: sentOnce.messageId, deliveries: 2 });
    const rows = await deliveryRows(app, star.userId);
    expect(rows.find((d) => d.message_id === sentOnce.messageId)).toMatchObject({ status: 'sent', attempts: 2 });
    expect(b.bookingId).toBeTruthy();
  });

  it('an SMTP failure is retried with exponential back-off', async () => {
    const services = app.server.services;
    let refusals = 2;
    const flaky = new EmailDeliveryWorker({
      enabled: true,
      orm: app.orm,
      clock: app.clock,
      send: async (mail) => {
        if (refusals-- > 0) throw new Error('421 try again later');
        await app.server.deps.mail.send(mail);
      },
      from: () => app.server.deps.mail.from,
      preferences: services.mailPreferences,
      calendar: services.calendar,
      publicUrl: () => app.server.deps.mail.publicUrl(),
      linkBox: new SecretBox(app.config.secretsKey),
      money: (em, ids) => services.bookings.moneyOf(em, ids),
      document: (em, id) => services.documents.issuedPdf(em, id),
      supportAddress: () => 'support@collabhub.localhost',
    });
    const before = (await mailTo(app, star.email)).length;
    await heldBooking(app, brand, star, nextHour());
    expect(await flaky.runDue(app.clock.now())).toBe(0);
    const failing = async () => (await deliveryRows(app, star.userId)).filter((d) => d.status === 'pending');
    expect((await failing())[0]).toMatchObject({ attempts: 1 });
    // Not before the first back-off (30 s)…
    app.clock.advance(20_000);
    expect(await flaky.runDue(app.clock.now())).toBe(0);
    expect((await failing())[0]).toMatchObject({ attempts: 1 });
    app.clock.advance(11_000);
    expect(await flaky.runDue(app.clock.now())).toBe(0);
    expect((await failing())[0]).toMatchObject({ attempts: 2 });
    // …the second waits twice as long (60 s).
    app.clock.advance(45_000);
    expect(await flaky.runDue(app.clock.now())).toBe(0);
    app.clock.advance(16_000);
    expect(await flaky.runDue(app.clock.now())).toBe(1);
    expect((await mailTo(app, star.email)).length).toBe(before + 1);
  });

  it('preferences are honoured: a kind turned off sends nothing, payments cannot be turned off, and the one-click unsubscribe works', async () => {
    const off = await app.gql(PREFS, { input: { kinds: [{ kind: 'booking_updates', emailEnabled: false }] } }, brand.token);
    expect(off.body.data.updateNotificationPreferences.kinds).toContainEqual({ key: 'booking_updates', emailEnabled: false, required: false });
    const refused = await app.gql(PREFS, { input: { kinds: [{ kind: 'payments', emailEnabled: false }] } }, brand.token);
    expect(refused.body.errors[0].extensions.code).toBe('BAD_USER_INPUT');
    expect(refused.body.errors[0].message).toBe('Payments and cancellations e-mails are about money or a dispute and cannot be turned off');
    const bad = await app.rest('PATCH', '/notification-preferences', { timeZone: 'Mars/Olympus' }, brand.token);
    expect(bad.status).toBe(400);
    expect(bad.body.error).toMatch(/^timeZone must be an IANA time zone/);

    const before = (await mailTo(app, brand.email)).length;
    const b = await acceptedBooking(app, brand, star, nextHour());
    await run();
    // The confirmation is off; the payment's receipt is a payments e-mail and still arrives.
    const after = await mailTo(app, brand.email);
    expect(after.length).toBe(before + 1);
    expect(after[0].subject).toBe('Receipt: $50.00 paid for your booking with Nova Stream');
    expect((await deliveryRows(app, brand.userId)).filter((d) => d.topic === 'booking.confirmed').at(-1)).toMatchObject({ status: 'skipped', skip_reason: 'turned off in preferences' });
    // A cancellation with its refund still arrives.
    await app.gql(`mutation ($input: CancelBookingInput!) { cancelBooking(input: $input) { status } }`, { input: { bookingId: b.bookingId, reasonCode: 'SCHEDULE_CONFLICT' } }, star.token);
    await run();
    expect((await mailTo(app, brand.email))[0].subject).toBe('Cancelled: booking with Nova Stream');

    // One-click unsubscribe (RFC 8058) from the creator's last request e-mail.
    const last = (await mailTo(app, star.email)).find((m) => m.headers['list-unsubscribe'].includes('k=requests'))!;
    const url = last.headers['list-unsubscribe'].slice(1, -1).replace('localhost', '127.0.0.1');
    expect((await fetch(url)).status).toBe(200);
    const post = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'List-Unsubscribe=One-Click' });
    expect(await post.text()).toContain('You will no longer get e-mails about booking requests');
    expect((await fetch(url.replace(/t=[\w-]+/, 't=forged'), { method: 'POST' })).status).toBe(400);
    const starBefore = (await mailTo(app, star.email)).length;
    await heldBooking(app, brand, star, nextHour());
    await run();
    expect((await mailTo(app, star.email)).length).toBe(starBefore);
    const prefs = await app.rest('GET', '/notification-preferences', undefined, star.token);
    expect(prefs.body.data.kinds.find((k: { key: string }) => k.key === 'requests')).toMatchObject({ emailEnabled: false });
    expect(prefs.body.data.timeZone).toBe('America/New_York');
  });
});

describe('the party who acts gets the calendar invite too', () => {
  const inbox = async (who: Account) => {
    const res = await app.gql(`query { notifications(first: 50) { totalCount edges { node { type bookingId } } } unreadNotificationCount }`, {}, who.token);
    expect(res.body.errors).toBeUndefined();
    return { total: res.body.data.notifications.totalCount as number, unread: res.body.data.unreadNotificationCount as number, items: res.body.data.notifications.edges.map((e: any) => e.node) };
  };

  it('the creator who accepts gets the same REQUEST invite as the brand, the one who cancels gets the CANCEL, each exactly once, and their inbox gains no item', async () => {
    const host = await creator(app, consecutive(hourFromNow(app, 200), 2), { timezone: 'Europe/Paris', displayName: 'Atlas Host' });
    // The brand turned booking updates off above: on again, to compare both parties' invites.
    expect((await app.gql(PREFS, { input: { kinds: [{ kind: 'booking_updates', emailEnabled: true }] } }, brand.token)).body.errors).toBeUndefined();
    const start = hourFromNow(app, 200);
    const b = await heldBooking(app, brand, host, start);
    await run();
    const hostInbox = await inbox(host);
    expect(hostInbox.items).toContainEqual({ type: 'booking.created', bookingId: b.bookingId });
    const hostMails = (await mailTo(app, host.email)).length;

    const accept = await app.gql(`mutation ($id: ID!) { acceptBooking(bookingId: $id) { status } }`, { id: b.bookingId }, host.token);
    expect(accept.body.errors).toBeUndefined();
    await run();
    await run();
    const afterAccept = await mailTo(app, host.email);
    expect(afterAccept).toHaveLength(hostMails + 1);
    const own = afterAccept[0];
    expect(own.to).toEqual([host.email.toLowerCase()]);
    expect(own.subject).toMatch(/^Confirmed: your booking with /);
    expect(own.text).toMatch(/You accepted .+'s request — it is in your calendar\./);
    expect(own.text).toMatch(/Europe\/Paris \(CES?T\)/);
    expect(own.deliveries).toBe(1);
    const brandConfirmation = (await mailTo(app, brand.email)).find((m) => m.subject === 'Confirmed: your booking with Atlas Host')!;
    const hostInvite = inviteOf(own);
    const brandInvite = inviteOf(brandConfirmation);
    expect(hostInvite.method).toBe('REQUEST');
    expect(hostInvite.events[0]).toMatchObject({ uid: `booking-${b.bookingId}@collabhub`, sequence: 0, status: 'CONFIRMED' });
    expect(hostInvite.events[0].uid).toBe(brandInvite.events[0].uid);
    expect(hostInvite.events[0].start.getTime()).toBe(start.getTime());
    // The host's inbox is as before (no "you accepted" item); acting on the request read its bell item.
    expect(await inbox(host)).toEqual({ ...hostInbox, unread: 0 });
    // Exactly once: one delivery row for the host's copy, sent, on the same Message-ID.
    const confirmedRows = (await deliveryRows(app, host.userId)).filter((d) => d.topic === 'booking.confirmed');
    expect(confirmedRows).toEqual([expect.objectContaining({ status: 'sent', attempts: 1, message_id: own.messageId })]);

    const brandBefore = await inbox(brand);
    const cancel = await app.gql(`mutation ($input: CancelBookingInput!) { cancelBooking(input: $input) { status } }`, { input: { bookingId: b.bookingId, reason: 'Studio flooded' } }, host.token);
    expect(cancel.body.errors).toBeUndefined();
    await run();
    await run();
    const afterCancel = await mailTo(app, host.email);
    expect(afterCancel).toHaveLength(hostMails + 2);
    const cancelled = afterCancel[0];
    expect(cancelled.subject).toMatch(/^You cancelled your booking with /);
    expect(cancelled.text).toContain('Reason you gave: "Studio flooded"');
    const hostCancel = inviteOf(cancelled);
    const brandCancel = inviteOf((await mailTo(app, brand.email)).find((m) => m.subject === 'Cancelled: booking with Atlas Host')!);
    expect(hostCancel.method).toBe('CANCEL');
    expect(hostCancel.events[0]).toMatchObject({ uid: `booking-${b.bookingId}@collabhub`, sequence: 1, status: 'CANCELLED' });
    expect(hostCancel.events[0].sequence).toBe(brandCancel.events[0].sequence);
    expect(await inbox(host)).toEqual({ ...hostInbox, unread: 0 });
    // The other party's inbox does get the cancellation, unread.
    expect((await inbox(brand)).unread).toBe(brandBefore.unread + 1);
  });

  it('a booker who cancels a request not yet accepted gets no e-mail: their calendar holds nothing to change', async () => {
    const host = await creator(app, [hourFromNow(app, 220), hourFromNow(app, 222)], { displayName: 'Pending Host' });
    const b = await heldBooking(app, brand, host, hourFromNow(app, 220));
    const proposed = await app.gql(
      `mutation ($input: ProposeBookingTimeInput!) { proposeBookingTime(input: $input) { id } }`,
      { input: { bookingId: b.bookingId, startTime: hourFromNow(app, 222).toISOString(), endTime: new Date(hourFromNow(app, 222).getTime() + HOUR).toISOString() } },
      host.token,
    );
    expect(proposed.body.errors).toBeUndefined();
    await run();
    // The proposal itself reaches the brand (a request e-mail); the brand's own cancellation sends them nothing.
    expect((await mailTo(app, brand.email))[0].subject).toBe('Pending Host proposed another time');
    const before = (await mailTo(app, brand.email)).length;
    const cancel = await app.gql(`mutation ($input: CancelBookingInput!) { cancelBooking(input: $input) { status } }`, { input: { bookingId: b.bookingId, reasonCode: 'SCHEDULE_CONFLICT' } }, brand.token);
    expect(cancel.body.errors).toBeUndefined();
    await run();
    expect(await mailTo(app, brand.email)).toHaveLength(before);
    const own = (await deliveryRows(app, brand.userId)).filter((d) => d.skip_reason === 'no calendar change for the actor').map((d) => [d.topic, d.status]);
    expect(own).toEqual([['booking.cancelled', 'skipped']]);
  });

  it("a request's proposed time accepted by the brand is one yes from each side: both get the confirmation's invite at the new hours", async () => {
    const host = await creator(app, [hourFromNow(app, 230), hourFromNow(app, 232)], { displayName: 'Moving Host' });
    const b = await heldBooking(app, brand, host, hourFromNow(app, 230));
    const moved = { startTime: hourFromNow(app, 232), endTime: new Date(hourFromNow(app, 232).getTime() + HOUR) };
    const proposed = await app.gql(
      `mutation ($input: ProposeBookingTimeInput!) { proposeBookingTime(input: $input) { id } }`,
      { input: { bookingId: b.bookingId, startTime: moved.startTime.toISOString(), endTime: moved.endTime.toISOString() } },
      host.token,
    );
    expect(proposed.body.errors).toBeUndefined();
    const agreed = await app.gql(`mutation ($input: RespondToProposedTimeInput!) { respondToProposedTime(input: $input) { id } }`, { input: { messageId: proposed.body.data.proposeBookingTime.id, accept: true } }, brand.token);
    expect(agreed.body.errors).toBeUndefined();
    await run();
    // No second yes is asked of the creator: the booking is confirmed at the proposed hours.
    const again = await app.gql(`mutation ($id: ID!) { acceptBooking(bookingId: $id) { status } }`, { id: b.bookingId }, host.token);
    expect(again.body.errors?.[0]?.extensions?.code).toBe('INVALID_TRANSITION');
    for (const email of [brand.email, host.email]) {
      const confirmation = (await mailTo(app, email)).find((m) => m.subject.startsWith('Confirmed: '))!;
      expect(confirmation, email).toBeDefined();
      expect(confirmation.text).toContain('The calendar invite is attached');
      const invite = inviteOf(confirmation);
      expect(invite.method).toBe('REQUEST');
      expect(invite.events[0].start.getTime()).toBe(moved.startTime.getTime());
    }
  });

  it("the actor's copy honours their preferences: booking updates turned off, no confirmation for the creator who accepts", async () => {
    const host = await creator(app, [hourFromNow(app, 210)], { displayName: 'Quiet Host' });
    const off = await app.gql(PREFS, { input: { kinds: [{ kind: 'booking_updates', emailEnabled: false }] } }, host.token);
    expect(off.body.errors).toBeUndefined();
    const b = await heldBooking(app, brand, host, hourFromNow(app, 210));
    await run();
    const before = (await mailTo(app, host.email)).length;
    const accept = await app.gql(`mutation ($id: ID!) { acceptBooking(bookingId: $id) { status } }`, { id: b.bookingId }, host.token);
    expect(accept.body.errors).toBeUndefined();
    await run();
    expect(await mailTo(app, host.email)).toHaveLength(before);
    expect((await deliveryRows(app, host.userId)).filter((d) => d.topic === 'booking.confirmed')).toEqual([
      expect.objectContaining({ status: 'skipped', skip_reason: 'turned off in preferences' }),
    ]);
  });
});

describe('message digests', () => {
  const publishMessage = async (to: Account, from: Account, conversationId: string, text: string) => {
    await app.server.deps.outbox.publish(app.orm.em.fork(), {
      topic: 'message.created',
      aggregateId: conversationId,
      actorUserId: from.userId,
      audienceUserIds: [to.userId, from.userId],
      payload: { conversationId, messageId: randomUUID(), senderUserId: from.userId, senderName: 'Nova Stream', excerpt: text, isSupport: false },
    });
  };

  it('waits until the recipient has been away 10 minutes, digests, then sends at most one e-mail per conversation per hour', async () => {
    app.clock.set(new Date());
    const reader = await account(app, 'brand');
    const conversation = '7d1b8f0e-0000-4000-8000-000000000001';
    await publishMessage(reader, star, conversation, 'Hi! Are you free on Friday?');
    await publishMessage(reader, star, conversation, 'I can also do Saturday.');
    await run();
    expect(await mailTo(app, reader.email)).toHaveLength(0);
    app.clock.advance(11 * 60_000);
    await run();
    const [digest] = await mailTo(app, reader.email);
    expect(digest.subject).toBe('2 new messages from Nova Stream');
    expect(digest.text).toContain('Are you free on Friday?');
    expect(digest.text).toContain('I can also do Saturday.');
    expect(digest.links[0]).toContain(`/dashboard?tab=messages&conversation=${conversation}`);
    const rows = await deliveryRows(app, reader.userId);
    expect(rows.map((r) => r.status).sort()).toEqual(['merged', 'sent']);

    // Another message 15 minutes later: no second e-mail within the hour…
    app.clock.advance(15 * 60_000);
    await publishMessage(reader, star, conversation, 'Ping?');
    app.clock.advance(11 * 60_000);
    await run();
    expect(await mailTo(app, reader.email)).toHaveLength(1);
    // …then one, once the hour has passed.
    app.clock.advance(40 * 60_000);
    await run();
    const all = await mailTo(app, reader.email);
    expect(all).toHaveLength(2);
    expect(all[0].subject).toBe('New message from Nova Stream');
  });

  it("a message about a confirmed booking (the answer to a proposed time) is digested in the bell's words, with no calendar invite", async () => {
    const b = await acceptedBooking(app, brand, star, nextHour());
    const other = nextHour();
    const proposed = await app.gql(
      `mutation ($input: ProposeBookingTimeInput!) { proposeBookingTime(input: $input) { id } }`,
      { input: { bookingId: b.bookingId, startTime: other.toISOString(), endTime: new Date(other.getTime() + HOUR).toISOString() } },
      star.token,
    );
    expect(proposed.body.errors).toBeUndefined();
    const declined = await app.gql(
      `mutation ($input: RespondToProposedTimeInput!) { respondToProposedTime(input: $input) { id } }`,
      { input: { messageId: proposed.body.data.proposeBookingTime.id, accept: false } },
      brand.token,
    );
    expect(declined.body.errors).toBeUndefined();
    app.clock.advance(11 * 60_000);
    await run();
    const digests = (await mailTo(app, star.email)).filter((m) => /^New message from /.test(m.subject));
    expect(digests).toHaveLength(1);
    expect(digests[0].text).toContain('Declined the proposed time.');
    expect(digests[0].attachments.map((a) => a.filename)).not.toContain('invite.ics');
  });

  it('sends nothing for messages read in the app within 10 minutes', async () => {
    const reader = await account(app, 'brand');
    const conversation = '7d1b8f0e-0000-4000-8000-000000000002';
    await publishMessage(reader, star, conversation, 'Seen quickly');
    await app.orm.em.fork().getConnection().execute('update notification set read_at = now() where user_id = ?', [reader.userId]);
    app.clock.advance(11 * 60_000);
    await run();
    expect(await mailTo(app, reader.email)).toHaveLength(0);
    expect((await deliveryRows(app, reader.userId))[0]).toMatchObject({ status: 'skipped', skip_reason: 'read in the app' });
  });
});
