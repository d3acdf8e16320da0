import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RawSocket } from '../../../../test/raw-ws';
import { startTestApp, type TestApp } from '../../../../test/harness';
import { loadConfig } from '../../config';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({
    WS_MAX_CONNECTIONS_PER_IP: '3',
    WS_MAX_SUBSCRIPTIONS_PER_CONNECTION: '2',
    WS_CONNECTION_INIT_TIMEOUT_MS: '400',
    WS_MAX_MESSAGES_PER_MINUTE: '10',
  });
});
afterAll(async () => {
  await app?.close();
});

const SLOTS = `subscription ($id: ID!) { slotsChanged(creatorId: $id) { creatorId } }`;
const from = (localAddress: string) => new RawSocket(app.url, { localAddress });

describe('WebSocket limits', () => {
  it('connections per client address: the one over the limit is closed with 4429 and a reason; other addresses are unaffected', async () => {
    const open = [from('127.0.0.2'), from('127.0.0.2'), from('127.0.0.2')];
    for (const socket of open) expect(await socket.init()).toBe(true);
    const fourth = from('127.0.0.2');
    expect(await fourth.init()).toBe(false);
    expect(fourth.closed).toEqual({ code: 4429, reason: 'Too many connections from your address (at most 3)' });

    const elsewhere = from('127.0.0.3');
    expect(await elsewhere.init()).toBe(true);

    // A closed connection frees its place.
    open[0].close();
    await open[0].waitClosed();
    await new Promise((r) => setTimeout(r, 100));
    const again = from('127.0.0.2');
    expect(await again.init()).toBe(true);
    for (const socket of [...open, elsewhere, again]) socket.close();
  });

  it('subscriptions per connection: the one over the limit closes the socket with 4400 and a reason', async () => {
    const socket = from('127.0.0.4');
    expect(await socket.init()).toBe(true);
    socket.subscribe('a', SLOTS, { id: randomUUID() });
    socket.subscribe('b', SLOTS, { id: randomUUID() });
    await new Promise((r) => setTimeout(r, 300));
    expect(socket.closed).toBeNull();
    socket.subscribe('c', SLOTS, { id: randomUUID() });
    expect(await socket.waitClosed()).toEqual({ code: 4400, reason: 'Too many subscriptions on this connection (at most 2)' });
  });

  it('a socket that sends no connection_init in time is closed with 4408', async () => {
    const silent = from('127.0.0.5');
    const started = Date.now();
    const closed = await silent.waitClosed(3000);
    expect(closed?.code).toBe(4408);
    expect(closed?.reason).toBe('Connection initialisation timeout');
    expect(Date.now() - started).toBeLessThan(2500);
  });

  it('messages per minute: a flood closes the socket with 4429 and a reason', async () => {
    const socket = from('127.0.0.6');
    expect(await socket.init()).toBe(true); // 1 message
    for (let i = 0; i < 9; i++) socket.send({ type: 'ping' });
    await socket.until(() => socket.messages.filter((m) => m.type === 'pong').length === 9);
    expect(socket.closed).toBeNull();
    socket.send({ type: 'ping' });
    expect(await socket.waitClosed()).toEqual({ code: 4429, reason: 'Too many messages (at most 10 per minute)' });
  });

  it('the limits are settings with defaults, and bad values are named', () => {
    const config = loadConfig({ NODE_ENV: 'test' });
    expect([config.WS_MAX_CONNECTIONS_PER_IP, config.WS_MAX_SUBSCRIPTIONS_PER_CONNECTION, config.WS_CONNECTION_INIT_TIMEOUT_MS, config.WS_MAX_MESSAGES_PER_MINUTE]).toEqual([20, 50, 3000, 300]);
    expect(() => loadConfig({ NODE_ENV: 'test', WS_MAX_CONNECTIONS_PER_IP: '0' })).toThrow(/WS_MAX_CONNECTIONS_PER_IP/);
  });
});
