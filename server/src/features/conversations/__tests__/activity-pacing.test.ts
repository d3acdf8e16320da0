import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../../test/harness';
import { account, creator, hourFromNow, type Account, type Creator } from '../../bookings/__tests__/booking-fixtures';
import { ACTIVITY_WINDOW_MS } from '../activity-throttle';

/** Typing and read marks reach the event bus paced per user and conversation, whatever a client sends. */
let app: TestApp;
let brand: Account;
let star: Creator;
const seen: { kind: string; userId: string; at: string }[] = [];
beforeAll(async () => {
  app = await startTestApp();
  brand = await account(app, 'brand');
  star = await creator(app, [hourFromNow(app, 48)]);
  app.server.deps.events.subscribe('conversationActivity', (e) => void seen.push({ kind: e.kind, userId: e.userId, at: e.at }));
});
afterAll(() => app?.close());

const START = `mutation ($c: ID!, $t: String!) { startConversation(creatorId: $c, text: $t) { id } }`;
const TYPING = `mutation ($id: ID!) { setTyping(conversationId: $id) }`;
const READ = `mutation ($id: ID!) { markConversationRead(conversationId: $id) { unreadCount lastReadAt } }`;
const settle = (ms = 100) => new Promise((r) => setTimeout(r, ms));

describe('typing and read marks are paced', () => {
  it('a burst of 50 typing calls publishes one line per window; the next window publishes again', async () => {
    const id = (await app.gql(START, { c: star.profileId, t: 'Hello' }, brand.token)).body.data.startConversation.id;
    seen.length = 0;
    const began = Date.now();
    const answers = await Promise.all(Array.from({ length: 50 }, () => app.gql(TYPING, { id }, brand.token)));
    const windows = Math.floor((Date.now() - began) / ACTIVITY_WINDOW_MS) + 1; // 1 unless the machine is very slow
    expect(answers.every((a) => a.body.data?.setTyping === true)).toBe(true);
    await settle();
    const fromBrand = () => seen.filter((e) => e.kind === 'typing' && e.userId === brand.userId).length;
    expect(fromBrand()).toBeGreaterThanOrEqual(1);
    expect(fromBrand()).toBeLessThanOrEqual(windows);
    // Another member is paced on their own.
    await app.gql(TYPING, { id }, star.token);
    await settle();
    expect(seen.filter((e) => e.kind === 'typing' && e.userId === star.userId)).toHaveLength(1);
    const before = fromBrand();
    app.clock.advance(ACTIVITY_WINDOW_MS);
    await app.gql(TYPING, { id }, brand.token);
    await settle();
    expect(fromBrand()).toBe(before + 1);
  });

  it('a burst of read marks writes each mark but publishes the first at once and the newest once at the end of the window', async () => {
    const id = (await app.gql(START, { c: star.profileId, t: 'Are you free?' }, brand.token)).body.data.startConversation.id;
    seen.length = 0;
    let last = '';
    const began = Date.now();
    for (let i = 0; i < 20; i++) {
      const read = await app.gql(READ, { id }, star.token);
      expect(read.body.data.markConversationRead.unreadCount).toBe(0);
      last = read.body.data.markConversationRead.lastReadAt;
    }
    const windows = Math.floor((Date.now() - began) / ACTIVITY_WINDOW_MS) + 1; // 1 unless the machine is very slow
    // The window ends (real time): one trailing publish carries the newest mark.
    await settle(ACTIVITY_WINDOW_MS + 300);
    const reads = seen.filter((e) => e.kind === 'read');
    expect(reads.length).toBeGreaterThanOrEqual(2);
    expect(reads.length).toBeLessThanOrEqual(windows + 1);
    expect(new Date(reads.at(-1)!.at).getTime()).toBe(new Date(last).getTime());
  });
});
