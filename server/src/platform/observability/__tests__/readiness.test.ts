import { chmod, mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { startEmbeddedPostgres, type EmbeddedDatabase } from '../../db/embedded';
import type { Orm } from '../../db/orm';
import { createServer, type AppServer } from '../../../app/server';
import { RawSocket } from '../../../../test/raw-ws';
import { initOrm } from '../../../app/init-orm';
import { freePort } from '../../free-port';

/**
 * A PostgreSQL of its own (not the suite's shared one), so the test can stop and restart it
 * under a running server.
 */
let dataDir: string;
let port: number;
let pg: EmbeddedDatabase;
let orm: Orm;
let server: AppServer;
let url: string;

const start = () => startEmbeddedPostgres({ dataDir, port, database: 'readiness' });

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'collab-readiness-'));
  await chmod(dataDir, 0o755);
  port = await freePort();
  pg = await start();
  orm = await initOrm({ clientUrl: pg.url });
  // Every WebSocket operation asks the database whether its session is still signed in (no cache).
  const config = loadConfig({ NODE_ENV: 'test', DATABASE_URL: pg.url, JOBS_ENABLED: 'false', RATE_LIMIT_ENABLED: 'false', SESSION_CACHE_SECONDS: '0' });
  server = await createServer({ config, orm, logger: pino({ level: 'silent' }) });
  await new Promise<void>((r) => server.httpServer.listen(0, '127.0.0.1', r));
  url = `http://127.0.0.1:${(server.httpServer.address() as AddressInfo).port}`;
}, 180_000);

afterAll(async () => {
  await server?.close();
  await orm?.close(true);
  await pg?.stop();
  await rm(dataDir, { recursive: true, force: true });
});

const status = async (p: string) => (await fetch(url + p)).status;
const listing = () =>
  fetch(`${url}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ query: '{ creators(first: 1) { totalCount } }' }) });

describe('readiness follows the database', () => {
  it('is ready; while an external PostgreSQL is down every API answers 503 SERVICE_UNAVAILABLE with Retry-After (liveness stays 200), and it recovers by itself when it is back', async () => {
    expect(await status('/readyz')).toBe(200);
    expect((await (await listing()).json()).data.creators.totalCount).toBe(0);

    await pg.stop();
    expect(await status('/readyz')).toBe(503);
    expect(await (await fetch(`${url}/readyz`)).json()).toEqual({ status: 'database unreachable' });
    // Nothing supervises an external database: this process is fine and will serve once it is back.
    const health = await fetch(`${url}/healthz`);
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ status: 'ok', database: 'unreachable' });

    const down = await listing();
    expect(down.status).toBe(503);
    expect(Number(down.headers.get('retry-after'))).toBeGreaterThan(0);
    const body = await down.json();
    expect(body.errors[0].extensions.code).toBe('SERVICE_UNAVAILABLE');
    expect(body.errors[0].message).toMatch(/temporarily unavailable/);
    const rest = await fetch(`${url}/api/v1/availability/slots/00000000-0000-4000-8000-000000000000`);
    expect(rest.status).toBe(503);
    expect(Number(rest.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await rest.json()).toMatchObject({ success: false, code: 'SERVICE_UNAVAILABLE' });

    const stoppedAt = Date.now();
    pg = await start();
    await expect.poll(async () => (await listing()).status, { timeout: 10_000, interval: 100 }).toBe(200);
    console.log(`external database: served again ${Date.now() - stoppedAt} ms after it was started`);
    expect(await status('/readyz')).toBe(200);
    const back = await listing();
    expect((await back.json()).data.creators.totalCount).toBe(0);
  }, 120_000);
});

describe('a WebSocket meeting a dead database', () => {
  it('is told to try again later (1013, so clients reconnect), never that it was signed out or forbidden', async () => {
    const registered = await fetch(`${url}/api/v1/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: `ws.${Date.now()}@example.test`, password: 'correct horse battery staple 42', accountType: 'brand' }),
    });
    expect(registered.status).toBe(201);
    const { accessToken } = (await registered.json()).data.tokens;
    const live = new RawSocket(url);
    expect(await live.init({ authorization: `Bearer ${accessToken}` })).toBe(true);

    await pg.stop();
    try {
      // An operation that checks its session before anything has noticed the database is gone.
      live.subscribe('1', 'subscription { bookingUpdated { id status } }');
      expect(await live.waitClosed(5000)).toMatchObject({ code: 1013, reason: expect.stringMatching(/^Try again later/) });
      // A new socket while it is down: the same answer, whatever the order of events.
      const late = new RawSocket(url);
      await late.init({ authorization: `Bearer ${accessToken}` });
      expect(await late.waitClosed(5000)).toMatchObject({ code: 1013 });
    } finally {
      pg = await start();
    }
    await expect.poll(() => status('/readyz'), { timeout: 10_000, interval: 100 }).toBe(200);
  }, 60_000);
});
