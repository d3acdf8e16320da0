import { randomInt } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, uniqueEmail, type TestApp } from '../../../../test/harness';
import { RawSocket } from '../../../../test/raw-ws';
import { initOrm } from '../../init-orm';
import type { Orm } from '../../../platform/db/orm';
import { SESSION_REVOKED_MESSAGE } from '../../../platform/auth/sessions';
import { createServer, type AppServer } from '../../server';

/**
 * Two server instances on one database, as behind the load balancer of docker-compose.yml: what
 * one instance decides about a session or a rate limit holds on the other. Events travel through
 * PostgreSQL LISTEN/NOTIFY (the one event bus).
 */

const PASSWORD = 'correct horse battery staple 42';
const ANON_PER_MINUTE = 4;

describe.each([{ bus: 'PostgreSQL LISTEN/NOTIFY', env: {} as Record<string, string> }])('two instances sharing one database, events through $bus', ({ env }) => {
  let a: TestApp;
  let b: { server: AppServer; orm: Orm; url: string };

  beforeAll(async () => {
    a = await startTestApp({ ...env, RATE_LIMIT_ENABLED: 'true', RATE_LIMIT_ANON_PER_MINUTE: String(ANON_PER_MINUTE) });
    const orm = await initOrm({ clientUrl: a.config.DATABASE_URL!, migrate: false });
    const server = await createServer({ config: a.config, orm, clock: a.clock, logger: pino({ level: 'silent' }) });
    await new Promise<void>((resolve) => server.httpServer.listen(0, '127.0.0.1', resolve));
    b = { server, orm, url: `http://127.0.0.1:${(server.httpServer.address() as AddressInfo).port}` };
  });
  afterAll(async () => {
    await b?.server.close();
    await b?.orm.close(true);
    await a?.close();
  });

  const me = (url: string, token: string) => fetch(`${url}/api/v1/auth/me`, { headers: { authorization: `Bearer ${token}` } });

  it('a session signed out on one instance is refused on the other at once, on HTTP and on its open socket', async () => {
    const email = uniqueEmail('two');
    const registered = await a.rest('POST', '/auth/register', { email, password: PASSWORD, accountType: 'brand' });
    expect(registered.status).toBe(201);
    const { accessToken, refreshToken } = registered.body.data.tokens;

    // Instance B has seen the session (its "still signed in" answer is cached) and holds a live socket of it.
    expect((await me(b.url, accessToken)).status).toBe(200);
    const socket = new RawSocket(b.url);
    expect(await socket.init({ authorization: `Bearer ${accessToken}` })).toBe(true);
    socket.subscribe('1', 'subscription { bookingUpdated { id status } }');

    const signedOutAt = Date.now();
    expect((await a.rest('POST', '/auth/logout', { refreshToken }, accessToken)).status).toBe(200);

    // Within seconds, far inside SESSION_CACHE_SECONDS (60 s): B learnt it from the event bus, not from its cache expiring.
    const closed = await socket.waitClosed(3000);
    expect(closed).toEqual({ code: 4401, reason: SESSION_REVOKED_MESSAGE });
    const refused = await me(b.url, accessToken);
    expect(refused.status).toBe(401);
    expect(await refused.json()).toMatchObject({ error: SESSION_REVOKED_MESSAGE, code: 'UNAUTHENTICATED' });
    expect(Date.now() - signedOutAt).toBeLessThan(Math.min(5000, a.config.SESSION_CACHE_SECONDS * 1000));
    expect((await me(a.url, accessToken)).status).toBe(401);
  });

  it('a rate limit is one budget across both instances', async () => {
    // One client address (through the trusted loopback proxy); random, as Redis outlives the test's database.
    const client = { 'x-forwarded-for': `2001:db8::${randomInt(1, 0xffff).toString(16)}:${randomInt(1, 0xffff).toString(16)}` };
    const listing = (url: string) => fetch(`${url}/api/v1/streamers`, { headers: client });
    const statuses: number[] = [];
    for (let i = 0; i < ANON_PER_MINUTE + 2; i++) statuses.push((await listing(i % 2 ? b.url : a.url)).status);
    // Each instance alone would have allowed ANON_PER_MINUTE; together they allow it once.
    expect(statuses).toEqual([...Array(ANON_PER_MINUTE).fill(200), 429, 429]);
    const refused = await listing(b.url);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});
