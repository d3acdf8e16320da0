import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RawSocket } from '../../../../test/raw-ws';
import { startTestApp, type TestApp } from '../../../../test/harness';
import { account, type Account } from '../../../features/bookings/__tests__/booking-fixtures';

/** Ceilings beside the per-address limit: per signed-in account (across addresses) and for the whole server. */
let app: TestApp;
let small: TestApp;
beforeAll(async () => {
  app = await startTestApp({ WS_MAX_CONNECTIONS_PER_IP: '10', WS_MAX_CONNECTIONS_PER_ACCOUNT: '2', WS_MAX_SUBSCRIPTIONS_PER_ACCOUNT: '3', WS_MAX_SUBSCRIPTIONS_PER_CONNECTION: '10' });
  small = await startTestApp({ WS_MAX_CONNECTIONS: '2', WS_MAX_SUBSCRIPTIONS: '2' });
});
afterAll(async () => {
  await app?.close();
  await small?.close();
});

const SLOTS = `subscription ($id: ID!) { slotsChanged(creatorId: $id) { creatorId } }`;
const signedIn = (server: TestApp, who: Account, localAddress: string) => {
  const socket = new RawSocket(server.url, { localAddress });
  return { socket, init: () => socket.init({ authorization: `Bearer ${who.token}` }) };
};
const settle = () => new Promise((r) => setTimeout(r, 300));

describe('WebSocket ceilings per account and per server', () => {
  it('one account holds at most its connections, whatever addresses it comes from; another account is unaffected', async () => {
    const brand = await account(app);
    const a = signedIn(app, brand, '127.0.0.11');
    const b = signedIn(app, brand, '127.0.0.12');
    expect(await a.init()).toBe(true);
    expect(await b.init()).toBe(true);
    const c = signedIn(app, brand, '127.0.0.13');
    expect(await c.init()).toBe(false);
    expect(c.socket.closed).toEqual({ code: 4429, reason: 'Too many connections for your account (at most 2)' });
    const other = signedIn(app, await account(app), '127.0.0.13');
    expect(await other.init()).toBe(true);
    // A closed connection frees the account's place.
    a.socket.close();
    await a.socket.waitClosed();
    await settle();
    const d = signedIn(app, brand, '127.0.0.14');
    expect(await d.init()).toBe(true);
    for (const s of [b, other, d]) s.socket.close();
  });

  it("one account's subscriptions are counted across its connections", async () => {
    const brand = await account(app);
    const a = signedIn(app, brand, '127.0.0.21');
    const b = signedIn(app, brand, '127.0.0.22');
    expect(await a.init()).toBe(true);
    expect(await b.init()).toBe(true);
    a.socket.subscribe('1', SLOTS, { id: randomUUID() });
    a.socket.subscribe('2', SLOTS, { id: randomUUID() });
    b.socket.subscribe('3', SLOTS, { id: randomUUID() });
    await settle();
    expect([a.socket.closed, b.socket.closed]).toEqual([null, null]);
    b.socket.subscribe('4', SLOTS, { id: randomUUID() });
    expect(await b.socket.waitClosed()).toEqual({ code: 4400, reason: 'Too many subscriptions for your account (at most 3)' });
    expect(a.socket.closed).toBeNull();
    a.socket.close();
  });

  it('the whole server holds at most WS_MAX_CONNECTIONS sockets and WS_MAX_SUBSCRIPTIONS subscriptions: beyond, 1013 try again later', async () => {
    const one = new RawSocket(small.url, { localAddress: '127.0.0.31' });
    const two = new RawSocket(small.url, { localAddress: '127.0.0.32' });
    expect(await one.init()).toBe(true);
    expect(await two.init()).toBe(true);
    const three = new RawSocket(small.url, { localAddress: '127.0.0.33' });
    expect(await three.init()).toBe(false);
    expect(three.closed).toEqual({ code: 1013, reason: 'Try again later: the server holds as many live connections as it may' });

    one.subscribe('a', SLOTS, { id: randomUUID() });
    two.subscribe('b', SLOTS, { id: randomUUID() });
    await settle();
    expect([one.closed, two.closed]).toEqual([null, null]);
    two.subscribe('c', SLOTS, { id: randomUUID() });
    expect(await two.waitClosed()).toEqual({ code: 1013, reason: 'Try again later: the server runs as many subscriptions as it may' });
    expect(one.closed).toBeNull();
    one.close();
  });
});
