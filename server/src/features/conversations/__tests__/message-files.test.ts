import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../../test/harness';
import { subscribe, untilListening, within } from '../../../../test/ws';
import { account, consecutive, creator, hourFromNow, type Account, type Creator } from '../../bookings/__tests__/booking-fixtures';

/** Issue 33 item 5: files in conversations (GraphQL `sendMessage(fileIds)`, REST `POST /conversations/{id}/messages { file_ids }`). */

let app: TestApp;
let brand: Account;
let outsider: Account;
let star: Creator;
let conversationId: string;

beforeAll(async () => {
  app = await startTestApp();
  [brand, outsider, star] = await Promise.all([account(app, 'brand'), account(app, 'brand'), creator(app, consecutive(hourFromNow(app, 48), 2))]);
  const res = await app.rest('POST', '/conversations', { creatorId: star.profileId, text: 'Hi! A sponsored segment?' }, brand.token);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  conversationId = res.body.data.id;
});
afterAll(() => app?.close());

const pdf = (size: number) => Buffer.concat([Buffer.from('%PDF-1.4\n%\xe2\xe3\xcf\xd3\n', 'latin1'), Buffer.alloc(size - 15, 0x20)]);
const png = () => sharp({ create: { width: 48, height: 32, channels: 3, background: '#3366cc' } }).png().toBuffer();

/** POST /api/v1/files as `who`; answers the file's id. */
async function upload(who: Account, bytes: Buffer, name: string): Promise<string> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)]), name);
  const res = await fetch(`${app.url}/api/v1/files`, { method: 'POST', body: form, headers: { authorization: `Bearer ${who.token}` } });
  const body = await res.json();
  expect(res.status, JSON.stringify(body)).toBe(201);
  return body.data.id;
}

const FILES = 'files { id name size contentType signedUrl }';
const SEND = `mutation ($id: ID!, $text: String!, $files: [ID!]) { sendMessage(conversationId: $id, text: $text, fileIds: $files) { id kind text mine ${FILES} } }`;
const THREAD = `query ($id: ID!) { conversation(id: $id) { messages { edges { node { id text mine ${FILES} } } } } }`;
const send = (who: Account, text: string, files?: string[], id = conversationId) => app.gql(SEND, { id, text, files }, who.token);
const messageCount = async () => Number((await app.orm.em.fork().execute<{ n: number }[]>('select count(*)::int as n from message'))[0].n);
const attachmentCount = async () => Number((await app.orm.em.fork().execute<{ n: number }[]>('select count(*)::int as n from file_attachments'))[0].n);
const fetchStatus = async (url: string) => (await fetch(`${app.url}${url}`)).status;

describe('files in a conversation', () => {
  it('a member sends files with a message; both members read them through their own signed links, anyone else gets 404', async () => {
    const image = await upload(brand, await png(), 'moodboard.png');
    const deck = await upload(brand, pdf(1200), 'deck.pdf');
    const live = subscribe(app.url, `subscription ($id: ID!) { conversationMessageAdded(conversationId: $id) { id text ${FILES} } }`, { id: conversationId }, star.token);
    await untilListening(live, () => send(brand, 'probe').then(() => {}));

    const sent = await send(brand, '  Here is the brief material  ', [image, deck]);
    expect(sent.body.errors).toBeUndefined();
    const message = sent.body.data.sendMessage;
    expect(message).toMatchObject({ kind: 'TEXT', text: 'Here is the brief material', mine: true });
    expect(message.files.map((f: { name: string; contentType: string }) => [f.name, f.contentType])).toEqual([
      ['moodboard.png', 'image/png'],
      ['deck.pdf', 'application/pdf'],
    ]);

    // The creator reads the thread: the same files, with links signed for them.
    const thread = await app.gql(THREAD, { id: conversationId }, star.token);
    expect(thread.body.errors).toBeUndefined();
    const line = thread.body.data.conversation.messages.edges.map((e: { node: { id: string } }) => e.node).find((n: { id: string }) => n.id === message.id);
    expect(line.files.map((f: { id: string }) => f.id)).toEqual([image, deck]);
    expect(line.files[0].signedUrl).toContain(`viewer=${star.userId}`);
    expect(await fetchStatus(line.files[0].signedUrl)).toBe(200);
    expect(await fetchStatus(line.files[1].signedUrl)).toBe(200);

    // Live: the creator's subscription carries the line with its files.
    await within(3000, () => live.events.some((e) => e.data?.conversationMessageAdded?.id === message.id));
    const pushed = live.events.find((e) => e.data?.conversationMessageAdded?.id === message.id);
    expect(pushed.data.conversationMessageAdded.files.map((f: { id: string }) => f.id)).toEqual([image, deck]);
    // A second message with files on the same subscription carries its own (nothing kept from the first).
    const more = await upload(brand, pdf(500), 'more.pdf');
    const second = (await send(brand, 'One more', [more])).body.data.sendMessage;
    await within(3000, () => live.events.some((e) => e.data?.conversationMessageAdded?.id === second.id));
    expect(live.events.find((e) => e.data?.conversationMessageAdded?.id === second.id).data.conversationMessageAdded.files.map((f: { name: string }) => f.name)).toEqual(['more.pdf']);
    await live.close();

    // Anyone else: 404 for the file, the thread and a link re-addressed to them.
    expect((await app.rest('GET', `/files/${deck}`, undefined, outsider.token)).status).toBe(404);
    expect((await app.gql(THREAD, { id: conversationId }, outsider.token)).body.errors[0].extensions.code).toBe('NOT_FOUND');
    expect(await fetchStatus(line.files[1].signedUrl.replace(`viewer=${star.userId}`, `viewer=${outsider.userId}`))).toBe(404);
  });

  it('REST: POST /conversations/{id}/messages { text, file_ids } answers the message with its files; a file alone needs no text', async () => {
    const clip = await upload(star, pdf(800), 'rate card.pdf');
    const res = await app.rest('POST', `/conversations/${conversationId}/messages`, { text: '', file_ids: [clip] }, star.token);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.data).toMatchObject({ kind: 'text', text: '', files: [{ id: clip, name: 'rate card.pdf', content_type: 'application/pdf', size: 800 }] });
    const list = await app.rest('GET', `/conversations/${conversationId}/messages`, undefined, brand.token);
    const line = list.body.data.find((m: { id: string }) => m.id === res.body.data.id);
    expect(line.files[0].url).toContain(`viewer=${brand.userId}`);
    expect(await fetchStatus(line.files[0].url)).toBe(200);
    // The brand's bell names the file.
    const bell = await app.gql(`query { notifications(first: 1) { edges { node { type text } } } }`, {}, brand.token);
    expect(bell.body.data.notifications.edges[0].node).toEqual({ type: 'message.created', text: expect.stringMatching(/: 📎 rate card\.pdf$/) });
  });

  it('refused, naming the field, with nothing sent or attached: more than 10 files, a file that is not yours, no text and no file, a stranger', async () => {
    const [messages, attachments] = [await messageCount(), await attachmentCount()];
    const eleven = await Promise.all(Array.from({ length: 11 }, (_, i) => upload(brand, pdf(100 + i), `f${i}.pdf`)));
    const tooMany = await send(brand, 'All of them', eleven);
    expect(tooMany.body.errors[0]).toMatchObject({ message: 'fileIds: at most 10 files per message', extensions: { code: 'BAD_USER_INPUT', field: 'fileIds' } });

    const theirs = await upload(outsider, pdf(300), 'theirs.pdf');
    const notMine = await send(brand, 'Look at this', [eleven[0], theirs]);
    expect(notMine.body.errors[0]).toMatchObject({ extensions: { code: 'BAD_USER_INPUT', field: 'file_ids' } });
    expect(notMine.body.errors[0].message).toContain('only files you uploaded yourself');

    const restEmpty = await app.rest('POST', `/conversations/${conversationId}/messages`, { text: '  ', file_ids: [] }, brand.token);
    expect(restEmpty).toMatchObject({ status: 400, body: { field: 'text', error: 'text must not be empty' } });
    const badId = await app.rest('POST', `/conversations/${conversationId}/messages`, { text: 'x', file_ids: ['nope'] }, brand.token);
    expect(badId).toMatchObject({ status: 400, body: { field: 'fileIds.0' } });

    const stranger = await send(outsider, 'Let me in', [theirs]);
    expect(stranger.body.errors[0].extensions.code).toBe('NOT_FOUND');

    expect([await messageCount(), await attachmentCount()]).toEqual([messages, attachments]);
    // The other member still cannot read a file that was refused.
    expect((await app.rest('GET', `/files/${eleven[0]}`, undefined, star.token)).status).toBe(404);
  });
});
