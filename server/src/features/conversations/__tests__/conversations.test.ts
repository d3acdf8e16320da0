import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../../test/harness';
import { subscribe, untilListening, within } from '../../../../test/ws';
import { UserRole } from '../../users/user.entity';
import { account, consecutive, creator, heldBooking, HOUR, hourFromNow, type Account, type Creator } from '../../bookings/__tests__/booking-fixtures';
import { ACTIVITY_WINDOW_MS } from '../activity-throttle';

let app: TestApp;
let brand: Account;
let star: Creator;
let outsider: Account;
let support: Account;

beforeAll(async () => {
  app = await startTestApp();
  brand = await account(app, 'brand');
  outsider = await account(app, 'brand');
  support = await account(app, 'brand', UserRole.SUPPORT);
  star = await creator(app, consecutive(hourFromNow(app, 48), 10));
});
afterAll(() => app.close());

const START = /* GraphQL */ `
  mutation ($creatorId: ID!, $text: String!) {
    startConversation(creatorId: $creatorId, text: $text) {
      id viewerRole bookingIds unreadCount
      otherParty { userId displayName profileId }
      lastMessage { id kind text mine senderId }
    }
  }`;
const SEND = /* GraphQL */ `mutation ($id: ID!, $text: String!) { sendMessage(conversationId: $id, text: $text) { id kind text mine senderId senderName isSupport createdAt } }`;
const THREAD = /* GraphQL */ `
  query ($id: ID!, $first: Int, $after: String, $last: Int, $before: String) {
    conversation(id: $id) {
      id viewerRole unreadCount bookingIds otherParty { displayName lastReadAt }
      messages(first: $first, after: $after, last: $last, before: $before) {
        pageInfo { hasNextPage hasPreviousPage startCursor endCursor }
        edges { cursor node { id kind text mine senderId isSupport eventType bookingId proposal { status startTime } } }
      }
    }
  }`;
const LIST = /* GraphQL */ `query { conversations { totalCount edges { node { id unreadCount otherParty { displayName } lastMessage { text } } } } }`;

const gqlErr = (body: any) => ({ code: body.errors?.[0]?.extensions?.code, message: body.errors?.[0]?.message });
const start = (who: Account, text: string, c: Creator = star) => app.gql(START, { creatorId: c.profileId, text }, who.token);
const send = (who: Account, id: string, text: string) => app.gql(SEND, { id, text }, who.token);
const thread = (who: Account, id: string, vars: Record<string, unknown> = {}) => app.gql(THREAD, { id, ...vars }, who.token);

describe('an inquiry before booking', () => {
  let conversationId: string;

  it('a brand messages a creator from the creator page; the text is trimmed; the creator sees it with an unread count', async () => {
    const res = await start(brand, '   Hi! Are you free for a launch stream?   ');
    expect(res.body.errors).toBeUndefined();
    const c = res.body.data.startConversation;
    conversationId = c.id;
    expect(c).toMatchObject({ viewerRole: 'CLIENT', bookingIds: [], unreadCount: 0, otherParty: { userId: star.userId, profileId: star.profileId } });
    expect(c.lastMessage).toMatchObject({ kind: 'TEXT', text: 'Hi! Are you free for a launch stream?', mine: true, senderId: brand.userId });

    const list = await app.gql(LIST, {}, star.token);
    expect(list.body.data.conversations.edges[0].node).toMatchObject({ id: conversationId, unreadCount: 1, lastMessage: { text: 'Hi! Are you free for a launch stream?' } });
    const notes = await app.rest('GET', '/notifications', undefined, star.token);
    expect(notes.body.data[0]).toMatchObject({ type: 'message.created', conversation_id: conversationId });
  });

  it('messaging the same creator again reuses the conversation', async () => {
    const again = await start(brand, 'One more thing');
    expect(again.body.data.startConversation.id).toBe(conversationId);
  });

  it('the creator answers; reading marks it read and the brand sees "Seen"', async () => {
    expect((await send(star, conversationId, 'Yes, Thursday works')).body.errors).toBeUndefined();
    const read = await app.gql(`mutation ($id: ID!) { markConversationRead(conversationId: $id) { unreadCount lastReadAt } }`, { id: conversationId }, star.token);
    expect(read.body.data.markConversationRead.unreadCount).toBe(0);
    const seen = await thread(brand, conversationId);
    expect(seen.body.data.conversation.otherParty.lastReadAt).not.toBeNull();
    expect(seen.body.data.conversation.unreadCount).toBe(1);
    // Reading the thread also read its message notifications.
    const unread = await app.rest('GET', '/notifications?unread=true', undefined, star.token);
    expect(unread.body.data.filter((n: any) => n.conversation_id === conversationId)).toEqual([]);
  });

  it('when the brand books the creator, the booking shows the same conversation, with the request as an event line', async () => {
    const { bookingId } = await heldBooking(app, brand, star, hourFromNow(app, 48));
    const viaBooking = await app.gql(`query ($b: ID!) { bookingConversation(bookingId: $b) { id bookingIds } }`, { b: bookingId }, star.token);
    expect(viaBooking.body.data.bookingConversation).toEqual({ id: conversationId, bookingIds: [bookingId] });
    const lines = (await thread(brand, conversationId)).body.data.conversation.messages.edges.map((e: any) => e.node);
    expect(lines.at(-1)).toMatchObject({ kind: 'EVENT', eventType: 'booking.created', bookingId, text: 'Booking requested' });
    const rest = await app.rest('GET', `/bookings/${bookingId}/messages`, undefined, brand.token);
    expect(rest.status).toBe(200);
    expect(rest.body.data.map((m: any) => m.kind)).toEqual(['text', 'text', 'text', 'event']);
    expect(rest.body.data[0]).toEqual(
      expect.objectContaining({ id: expect.any(String), sender_id: brand.userId, text: 'Hi! Are you free for a launch stream?', kind: 'text', created_at: expect.any(String) }),
    );
  });

  it('pages: newest last; `last`/`before` go back, `first`/`after` catch up from a cursor', async () => {
    const c = (await start(brand, 'page 0', await creator(app))).body.data.startConversation.id;
    for (let i = 1; i < 6; i++) await send(brand, c, `page ${i}`);
    const newest = (await thread(brand, c, { last: 2 })).body.data.conversation.messages;
    expect(newest.edges.map((e: any) => e.node.text)).toEqual(['page 4', 'page 5']);
    expect(newest.pageInfo.hasPreviousPage).toBe(true);
    const older = (await thread(brand, c, { last: 3, before: newest.pageInfo.startCursor })).body.data.conversation.messages;
    expect(older.edges.map((e: any) => e.node.text)).toEqual(['page 1', 'page 2', 'page 3']);
    const missed = (await thread(brand, c, { first: 10, after: older.edges[1].cursor })).body.data.conversation.messages;
    expect(missed.edges.map((e: any) => e.node.text)).toEqual(['page 3', 'page 4', 'page 5']);
    expect(missed.pageInfo.hasNextPage).toBe(false);
  });
});

describe('rules of writing', () => {
  it('an empty or too long message is refused naming the field, and nothing is written', async () => {
    const c = (await start(brand, 'rules')).body.data.startConversation.id;
    const before = (await thread(brand, c)).body.data.conversation.messages.edges.length;
    expect(gqlErr((await send(brand, c, '   ')).body)).toEqual({ code: 'BAD_USER_INPUT', message: 'text must not be empty' });
    expect(gqlErr((await send(brand, c, 'x'.repeat(2001))).body)).toEqual({ code: 'BAD_USER_INPUT', message: 'text must be at most 2000 characters' });
    const rest = await app.rest('POST', `/conversations/${c}/messages`, { text: '' }, brand.token);
    expect(rest.status).toBe(400);
    expect(rest.body).toMatchObject({ success: false, error: 'text must not be empty', field: 'text' });
    expect((await thread(brand, c)).body.data.conversation.messages.edges.length).toBe(before);
    expect((await send(brand, c, 'x'.repeat(2000))).body.errors).toBeUndefined();
  });

  it('HTML is stored and returned as the text it is', async () => {
    const c = (await start(brand, 'html')).body.data.startConversation.id;
    const res = await send(brand, c, '<img src=x onerror=alert(1)> <b>hi</b>');
    expect(res.body.data.sendMessage.text).toBe('<img src=x onerror=alert(1)> <b>hi</b>');
  });

  it('a creator cannot message themselves', async () => {
    expect(gqlErr((await start(star, 'me?')).body)).toEqual({ code: 'BAD_USER_INPUT', message: 'You cannot message yourself' });
  });

  it('a suspended user cannot start conversations', async () => {
    const banned = await account(app, 'brand');
    await app.orm.em.fork().getConnection().execute('update users set suspended_at = now() where id = ?', [banned.userId]);
    expect(gqlErr((await start(banned, 'hello')).body)).toEqual({ code: 'FORBIDDEN', message: 'Your account is suspended: you cannot start conversations' });
    const rest = await app.rest('POST', '/conversations', { creatorId: star.profileId, text: 'hello' }, banned.token);
    expect(rest.status).toBe(403);
  });

  it('POST /conversations answers 201 with data.id', async () => {
    const other = await account(app, 'brand');
    const res = await app.rest('POST', '/conversations', { creatorId: star.profileId, text: 'via REST' }, other.token);
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ id: expect.any(String), viewer_role: 'client', last_message: { text: 'via REST', kind: 'text' } });
    const list = await app.rest('GET', '/conversations', undefined, other.token);
    expect(list.body.data.map((c: any) => c.id)).toEqual([res.body.data.id]);
  });
});

describe('membership: nobody else reads or writes (404 on both APIs and the socket)', () => {
  let c: string;
  beforeAll(async () => {
    c = (await start(brand, 'private')).body.data.startConversation.id;
  });

  it('GraphQL: an outsider and support (no dispute) get NOT_FOUND for reading, writing, reading marks and typing', async () => {
    for (const who of [outsider, support]) {
      expect(gqlErr((await thread(who, c)).body).code).toBe('NOT_FOUND');
      expect(gqlErr((await send(who, c, 'hi')).body)).toEqual({ code: 'NOT_FOUND', message: 'Conversation not found' });
      expect(gqlErr((await app.gql(`mutation ($id: ID!) { markConversationRead(conversationId: $id) { id } }`, { id: c }, who.token)).body).code).toBe('NOT_FOUND');
      expect(gqlErr((await app.gql(`mutation ($id: ID!) { setTyping(conversationId: $id) }`, { id: c }, who.token)).body).code).toBe('NOT_FOUND');
    }
    expect(gqlErr((await app.gql(LIST, {}, undefined)).body).code).toBe('UNAUTHENTICATED');
  });

  it('REST: 404 for an outsider, 401 without a sign-in', async () => {
    expect((await app.rest('GET', `/conversations/${c}/messages`, undefined, outsider.token)).status).toBe(404);
    expect((await app.rest('POST', `/conversations/${c}/messages`, { text: 'hi' }, outsider.token)).status).toBe(404);
    expect((await app.rest('GET', `/conversations/not-a-uuid/messages`, undefined, outsider.token)).status).toBe(404);
    expect((await app.rest('GET', `/conversations/${c}/messages`)).status).toBe(401);
  });

  it('socket: an outsider’s subscription is refused with NOT_FOUND and never sees a line; the members get it live', async () => {
    const theirs = subscribe(app.url, `subscription ($id: ID!) { conversationMessageAdded(conversationId: $id) { id text } }`, { id: c }, outsider.token);
    const creatorSub = subscribe(app.url, `subscription ($id: ID!) { conversationMessageAdded(conversationId: $id) { id text mine kind } }`, { id: c }, star.token);
    await within(3000, () => theirs.errors.length > 0 || theirs.events.length > 0);
    expect(JSON.stringify(theirs.errors[0] ?? theirs.events[0].errors)).toContain('NOT_FOUND');
    const refusal = theirs.events.length;
    await untilListening(creatorSub, () => send(brand, c, 'probe').then(() => {}));
    await send(brand, c, 'live one');
    await within(3000, () => creatorSub.events.some((e) => e.data.conversationMessageAdded.text === 'live one'));
    expect(creatorSub.events.at(-1).data.conversationMessageAdded).toMatchObject({ text: 'live one', mine: false, kind: 'TEXT' });
    expect(theirs.events.length).toBe(refusal);
    expect(theirs.events.every((e) => !e.data?.conversationMessageAdded)).toBe(true);
    await theirs.close();
    await creatorSub.close();
  });
});

describe('support on a disputed booking', () => {
  it('reads the thread and posts into it, marked as support; both parties get it', async () => {
    const pair = await creator(app, consecutive(hourFromNow(app, 72), 2));
    const { bookingId } = await heldBooking(app, brand, pair, hourFromNow(app, 72));
    await app.gql(`mutation ($id: ID!) { acceptBooking(bookingId: $id) { status } }`, { id: bookingId }, pair.token);
    const conv = (await app.gql(`query ($b: ID!) { bookingConversation(bookingId: $b) { id } }`, { b: bookingId }, brand.token)).body.data.bookingConversation.id;
    expect(gqlErr((await thread(support, conv)).body).code).toBe('NOT_FOUND');
    app.clock.advance(73 * HOUR); // a dispute opens once the session has started
    const opened = await app.gql(
      `mutation ($input: OpenDisputeInput!) { openDispute(input: $input) { status } }`,
      { input: { bookingId, reason: 'The creator did not show the product as agreed' } },
      brand.token,
    );
    expect(opened.body.errors).toBeUndefined();
    const read = await thread(support, conv);
    expect(read.body.data.conversation.viewerRole).toBe('SUPPORT');
    expect(read.body.data.conversation.messages.edges.map((e: any) => e.node.eventType).filter(Boolean)).toEqual(['booking.created', 'booking.confirmed', 'booking.disputed']);
    const posted = await send(support, conv, 'Hello both, I am looking into this.');
    expect(posted.body.data.sendMessage).toMatchObject({ isSupport: true, senderName: 'Support' });
    const seenByBrand = (await thread(brand, conv)).body.data.conversation.messages.edges.at(-1).node;
    expect(seenByBrand).toMatchObject({ isSupport: true, text: 'Hello both, I am looking into this.' });
    const creatorNotes = await app.rest('GET', '/notifications', undefined, pair.token);
    expect(creatorNotes.body.data[0]).toMatchObject({ type: 'message.created', conversation_id: conv });
  });
});

describe("a thread's lines tell each move from the booking's story", () => {
  it('who declined or cancelled, and why, read from the move the event names', async () => {
    const pair = await creator(app, consecutive(hourFromNow(app, 96), 4), { displayName: 'Line Host' });
    const declined = await heldBooking(app, brand, pair, hourFromNow(app, 96));
    const decline = await app.gql(`mutation ($id: ID!, $reason: String) { declineBooking(bookingId: $id, reason: $reason) { status } }`, { id: declined.bookingId, reason: 'Fully booked that week' }, pair.token);
    expect(decline.body.errors).toBeUndefined();
    const cancelled = await heldBooking(app, brand, pair, hourFromNow(app, 98));
    expect((await app.gql(`mutation ($id: ID!) { acceptBooking(bookingId: $id) { status } }`, { id: cancelled.bookingId }, pair.token)).body.errors).toBeUndefined();
    const cancel = await app.gql(
      `mutation ($input: CancelBookingInput!) { cancelBooking(input: $input) { status } }`,
      { input: { bookingId: cancelled.bookingId, reasonCode: 'OTHER', reason: 'Our launch moved' } },
      brand.token,
    );
    expect(cancel.body.errors).toBeUndefined();
    const conv = (await app.gql(`query ($b: ID!) { bookingConversation(bookingId: $b) { id } }`, { b: cancelled.bookingId }, pair.token)).body.data.bookingConversation.id;
    const lines = (await thread(pair, conv, { last: 50 })).body.data.conversation.messages.edges.map((e: any) => e.node).filter((n: any) => n.kind === 'EVENT');
    const lineOf = (bookingId: string, type: string) => lines.find((n: any) => n.bookingId === bookingId && n.eventType === type)?.text;
    expect(lineOf(declined.bookingId, 'booking.declined')).toBe('Booking declined: Fully booked that week');
    expect(lineOf(cancelled.bookingId, 'booking.confirmed')).toBe('Booking accepted');
    expect(lineOf(cancelled.bookingId, 'booking.cancelled')).toMatch(/ cancelled \(Our launch moved\)\. /);
    expect(lineOf(cancelled.bookingId, 'booking.cancelled')).not.toMatch(/^You cancelled|Line Host cancelled|support|lapsed/);
  });
});

describe('message rate limit', () => {
  it('beyond the per-user limit: 429 / RATE_LIMITED with the seconds to wait', async () => {
    const limited = await startTestApp({ RATE_LIMIT_ENABLED: 'true', MESSAGE_RATE_LIMIT_PER_MINUTE: '3', RATE_LIMIT_ANON_PER_MINUTE: '1000' });
    try {
      const b = await account(limited, 'brand');
      const c = await creator(limited);
      const first = await limited.gql(START, { creatorId: c.profileId, text: 'one' }, b.token);
      const id = first.body.data.startConversation.id;
      expect((await limited.gql(SEND, { id, text: 'two' }, b.token)).body.errors).toBeUndefined();
      expect((await limited.gql(SEND, { id, text: 'three' }, b.token)).body.errors).toBeUndefined();
      const refused = await limited.rest('POST', `/conversations/${id}/messages`, { text: 'four' }, b.token);
      expect(refused.status).toBe(429);
      expect(refused.body.error).toMatch(/^You are sending messages too fast \(at most 3 a minute\)\. Try again in \d+ seconds\.$/);
      expect(refused.body.retry_after).toBeGreaterThan(0);
      const gql = await limited.gql(SEND, { id, text: 'five' }, b.token);
      expect(gql.body.errors[0].extensions).toMatchObject({ code: 'RATE_LIMITED', retryAfterSeconds: expect.any(Number) });
      // The other side is not limited by the brand's messages.
      expect((await limited.gql(SEND, { id, text: 'reply' }, c.token)).body.errors).toBeUndefined();
    } finally {
      await limited.close();
    }
  });
});

describe('typing and read receipts', () => {
  it('the other member sees typing and "read" live; the typist does not hear themselves', async () => {
    const c = (await start(brand, 'typing?')).body.data.startConversation.id;
    const ACTIVITY = `subscription ($id: ID!) { conversationActivity(conversationId: $id) { userId kind at } }`;
    const creatorSees = subscribe(app.url, ACTIVITY, { id: c }, star.token);
    const brandSees = subscribe(app.url, ACTIVITY, { id: c }, brand.token);
    // Typing is paced (one line per user and conversation per window): each try starts a new window.
    const typingOf = (who: Account) => () => {
      app.clock.advance(ACTIVITY_WINDOW_MS);
      return app.gql(`mutation ($id: ID!) { setTyping(conversationId: $id) }`, { id: c }, who.token).then(() => {});
    };
    const typing = typingOf(brand);
    await untilListening(creatorSees, typing);
    await untilListening(brandSees, typingOf(star));
    await typing();
    await within(3000, () => creatorSees.events.length >= 1);
    expect(creatorSees.events[0].data.conversationActivity).toMatchObject({ userId: brand.userId, kind: 'TYPING' });
    await app.gql(`mutation ($id: ID!) { markConversationRead(conversationId: $id) { id } }`, { id: c }, star.token);
    await within(3000, () => brandSees.events.some((e) => e.data.conversationActivity.kind === 'READ'));
    expect(brandSees.events.every((e) => e.data.conversationActivity.userId === star.userId)).toBe(true);
    await creatorSees.close();
    await brandSees.close();
  });
});

