import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../../test/harness';
import { UserRole } from '../../users/user.entity';
import { account, consecutive, creator, heldBooking, HOUR, hourFromNow, type Account, type Creator } from '../../bookings/__tests__/booking-fixtures';

/**
 * A new message's bell item says who wrote and what (Airbnb, Fiverr, Slack): "Maya: Can we move to
 * 3 pm?…", in one line of at most 80 characters cut on a word; a message of files only by its
 * files; a message about a booking names it. The Messages list previews the same line.
 */

let app: TestApp;
let brand: Account;
let star: Creator;

beforeAll(async () => {
  app = await startTestApp();
  brand = await account(app, 'brand');
  star = await creator(app, consecutive(hourFromNow(app, 48), 4), { displayName: 'Maya Lopez' });
});
afterAll(() => app?.close());

const START = `mutation ($creatorId: ID!, $text: String!) { startConversation(creatorId: $creatorId, text: $text) { id } }`;
const SEND = `mutation ($id: ID!, $text: String!, $files: [ID!]) { sendMessage(conversationId: $id, text: $text, fileIds: $files) { id senderName preview } }`;
const NOTES = `query { notifications(first: 5) { edges { node { type text conversationId bookingId bookingStartTime bookingEndTime } } } }`;
const LIST = `query { conversations { edges { node { id lastMessage { preview } } } } }`;

/** The reader's newest bell item, read through GraphQL (and the same line through REST). */
async function newestBellItem(reader: Account) {
  const res = await app.gql(NOTES, {}, reader.token);
  expect(res.body.errors).toBeUndefined();
  const node = res.body.data.notifications.edges[0].node;
  const rest = await app.rest('GET', '/notifications', undefined, reader.token);
  expect(rest.body.data[0].text).toBe(node.text);
  return node;
}

async function upload(who: Account, name: string): Promise<string> {
  const form = new FormData();
  const pdf = Buffer.concat([Buffer.from('%PDF-1.4\n%\xe2\xe3\xcf\xd3\n', 'latin1'), Buffer.alloc(300, 0x20)]);
  form.append('file', new Blob([new Uint8Array(pdf)]), name);
  const res = await fetch(`${app.url}/api/v1/files`, { method: 'POST', body: form, headers: { authorization: `Bearer ${who.token}` } });
  const body = await res.json();
  expect(res.status, JSON.stringify(body)).toBe(201);
  return body.data.id;
}

describe("a message's bell item: who wrote and what", () => {
  let conversationId: string;

  it('names the sender and previews the text in one line, cut on a word at 80 characters; the Messages list shows the same line', async () => {
    const started = await app.gql(START, { creatorId: star.profileId, text: 'Hi Maya!' }, brand.token);
    expect(started.body.errors).toBeUndefined();
    conversationId = started.body.data.startConversation.id;

    const text = 'Thanks for the stream 🎉\n\nCould we   move Thursday to 3 pm instead, and keep the same brief and the same length of session?';
    const sent = await app.gql(SEND, { id: conversationId, text }, star.token);
    expect(sent.body.errors).toBeUndefined();
    const preview = 'Thanks for the stream 🎉 Could we move Thursday to 3 pm instead, and keep the…';
    expect(sent.body.data.sendMessage).toMatchObject({ senderName: 'Maya Lopez', preview });

    const item = await newestBellItem(brand);
    expect(item).toMatchObject({ type: 'message.created', conversationId, bookingId: null, bookingStartTime: null, text: `Maya Lopez: ${preview}` });

    const list = await app.gql(LIST, {}, brand.token);
    const row = list.body.data.conversations.edges.map((e: any) => e.node).find((c: any) => c.id === conversationId);
    expect(row.lastMessage.preview).toBe(preview);
  });

  it('a short message is told whole; a message of files only by its file', async () => {
    await app.gql(SEND, { id: conversationId, text: '  Sounds good  ' }, brand.token);
    const short = await newestBellItem(star);
    expect(short.text).toMatch(/: Sounds good$/);
    expect(short.text).not.toMatch(/^New message/);

    const deck = await upload(star, 'rate card.pdf');
    const sent = await app.gql(SEND, { id: conversationId, text: '', files: [deck] }, star.token);
    expect(sent.body.errors).toBeUndefined();
    expect(sent.body.data.sendMessage.preview).toBe('📎 rate card.pdf');
    expect((await newestBellItem(brand)).text).toBe('Maya Lopez: 📎 rate card.pdf');
  });

  it("the answer to a proposed time names its booking's hours, as the booking's own items do", async () => {
    const first = hourFromNow(app, 48);
    const { bookingId } = await heldBooking(app, brand, star, first);
    const proposed = await app.gql(
      `mutation ($input: ProposeBookingTimeInput!) { proposeBookingTime(input: $input) { id } }`,
      { input: { bookingId, startTime: hourFromNow(app, 50).toISOString(), endTime: hourFromNow(app, 51).toISOString() } },
      star.token,
    );
    expect(proposed.body.errors).toBeUndefined();
    const declined = await app.gql(
      `mutation ($input: RespondToProposedTimeInput!) { respondToProposedTime(input: $input) { id } }`,
      { input: { messageId: proposed.body.data.proposeBookingTime.id, accept: false } },
      brand.token,
    );
    expect(declined.body.errors).toBeUndefined();

    const item = await newestBellItem(star);
    expect(item).toMatchObject({
      type: 'message.created',
      text: expect.stringMatching(/: Declined the proposed time\.$/),
      bookingId,
      bookingStartTime: first.toISOString(),
      bookingEndTime: new Date(first.getTime() + HOUR).toISOString(),
    });
    // No invite or money travels with it: a message's event carries names, the preview and the hours only.
    const [event] = await app.orm.em
      .fork()
      .execute<{ payload: Record<string, unknown> }[]>(`select payload from outbox_event where topic = 'message.created' order by seq desc limit 1`);
    expect(Object.keys(event.payload).sort()).toEqual(['bookingId', 'conversationId', 'endTime', 'excerpt', 'isSupport', 'messageId', 'senderName', 'senderUserId', 'startTime']);
  });

  it("a support member's message is labelled as support", async () => {
    const support = await account(app, 'brand', UserRole.SUPPORT);
    const pair = await creator(app, consecutive(hourFromNow(app, 72), 2));
    const { bookingId } = await heldBooking(app, brand, pair, hourFromNow(app, 72));
    await app.gql(`mutation ($id: ID!) { acceptBooking(bookingId: $id) { status } }`, { id: bookingId }, pair.token);
    const conv = (await app.gql(`query ($b: ID!) { bookingConversation(bookingId: $b) { id } }`, { b: bookingId }, brand.token)).body.data.bookingConversation.id;
    app.clock.advance(73 * HOUR); // a dispute opens once the session has started
    const opened = await app.gql(
      `mutation ($input: OpenDisputeInput!) { openDispute(input: $input) { status } }`,
      { input: { bookingId, reason: 'The creator did not show the product as agreed' } },
      brand.token,
    );
    expect(opened.body.errors).toBeUndefined();
    const posted = await app.gql(SEND, { id: conv, text: 'Hello both,\nI am looking into this.' }, support.token);
    expect(posted.body.errors).toBeUndefined();
    expect((await newestBellItem(pair)).text).toBe('Support: Hello both, I am looking into this.');
    expect((await newestBellItem(brand)).text).toBe('Support: Hello both, I am looking into this.');
  });
});
