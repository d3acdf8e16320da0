import { Writable } from 'node:stream';
import type { AddressInfo } from 'node:net';
import { createClient } from 'graphql-ws';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { createTestDatabase, startTestApp, type TestApp } from '../../../../test/harness';
import { loadConfig } from '../../config';
import { acceptedBooking, account, creator, hourFromNow } from '../../../features/bookings/__tests__/booking-fixtures';
import { createServer } from '../../../app/server';
import { initOrm } from '../../../app/init-orm';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app?.close();
});

const metrics = async (target: TestApp = app) => (await fetch(`${target.url}/metrics`)).text();
/** The value of one sample line, e.g. sample(text, 'job_runs_total{job="x",outcome="ok"}'); 0 when absent. */
function sample(text: string, series: string): number {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line ? Number(line.slice(series.length + 1)) : 0;
}

describe('metrics at /metrics', () => {
  it('counts requests and times them by GraphQL operation name and by route', async () => {
    for (let i = 0; i < 3; i++) await app.gql(`query PartnerListing { creators(first: 1) { totalCount } }`);
    await app.rest('GET', '/streamers');
    const text = await metrics();
    expect(sample(text, 'graphql_operations_total{operation="PartnerListing",type="query",outcome="ok"}')).toBe(3);
    expect(sample(text, 'graphql_operation_duration_seconds_count{operation="PartnerListing"}')).toBe(3);
    expect(sample(text, 'http_requests_total{method="POST",route="/graphql",status="200"}')).toBeGreaterThanOrEqual(3);
    expect(sample(text, 'http_requests_total{method="GET",route="/api/v1/streamers",status="200"}')).toBe(1);
    expect(sample(text, 'http_request_duration_seconds_count{method="GET",route="/api/v1/streamers"}')).toBe(1);
  });

  it('counts booking transitions by name', async () => {
    const start = hourFromNow(app, 30);
    const c = await creator(app, [start]);
    const before = sample(await metrics(), 'booking_transitions_total{transition="accept"}');
    await acceptedBooking(app, await account(app), c, start);
    const text = await metrics();
    expect(sample(text, 'booking_transitions_total{transition="accept"}')).toBe(before + 1);
    expect(sample(text, 'booking_transitions_total{transition="authorize"}')).toBeGreaterThanOrEqual(1);
  });

  it('counts job runs and failures', async () => {
    app.server.jobs.register({ name: 'always-fails', everySeconds: 60, run: async () => Promise.reject(new Error('boom')) });
    await app.server.jobs.run('purge-rate-limit-counters');
    await expect(app.server.jobs.run('always-fails')).rejects.toThrow('boom');
    const text = await metrics();
    expect(sample(text, 'job_runs_total{job="purge-rate-limit-counters",outcome="ok"}')).toBe(1);
    expect(sample(text, 'job_runs_total{job="always-fails",outcome="failed"}')).toBe(1);
  });

  it('reports open WebSocket connections', async () => {
    expect(sample(await metrics(), 'websocket_connections_open')).toBe(0);
    let connected!: () => void;
    const opened = new Promise<void>((r) => (connected = r));
    const client = createClient({ url: app.url.replace(/^http/, 'ws') + '/graphql', webSocketImpl: WebSocket, lazy: false, retryAttempts: 0, on: { connected: () => connected() } });
    await opened;
    expect(sample(await metrics(), 'websocket_connections_open')).toBe(1);
    await client.dispose();
    await expect.poll(async () => sample(await metrics(), 'websocket_connections_open')).toBe(0);
  });
});

describe('request logs', () => {
  it('write one JSON line per request carrying the request id that the response header shows', async () => {
    const lines: any[] = [];
    const sink = new Writable({
      write(chunk, _enc, done) {
        for (const l of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(l));
        done();
      },
    });
    const db = await createTestDatabase();
    const orm = await initOrm({ clientUrl: db.url });
    const config = loadConfig({ NODE_ENV: 'test', DATABASE_URL: db.url, JOBS_ENABLED: 'false', RATE_LIMIT_ENABLED: 'false' });
    const server = await createServer({ config, orm, logger: pino({ level: 'info' }, sink) });
    await new Promise<void>((r) => server.httpServer.listen(0, '127.0.0.1', r));
    try {
      const url = `http://127.0.0.1:${(server.httpServer.address() as AddressInfo).port}`;
      const own = await fetch(`${url}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-request-id': 'partner-trace-42' }, body: JSON.stringify({ query: '{ paymentConfig { provider } }' }) });
      expect(own.headers.get('x-request-id')).toBe('partner-trace-42');
      const fresh = await fetch(`${url}/api/v1/streamers`);
      const freshId = fresh.headers.get('x-request-id');
      expect(freshId).toMatch(/^[0-9a-f-]{36}$/);
      await expect.poll(() => lines.filter((l) => l.msg === 'request completed').length).toBeGreaterThanOrEqual(2);
      const requestLines = lines.filter((l) => l.req);
      expect(requestLines.find((l) => l.req.url === '/graphql')).toMatchObject({ req: { id: 'partner-trace-42', method: 'POST' }, res: { statusCode: 200 } });
      expect(requestLines.find((l) => l.req.url === '/api/v1/streamers')).toMatchObject({ req: { id: freshId }, res: { statusCode: 200 } });
      for (const l of requestLines) expect(typeof l.responseTime).toBe('number');
    } finally {
      await server.close();
      await orm.close(true);
      await db.drop();
    }
  });
});

describe('who may read /metrics', () => {
  const TOKEN = 'metrics-token-0123456789abcdef';
  const scrape = (target: TestApp, authorization?: string) => fetch(`${target.url}/metrics`, { headers: authorization ? { authorization } : {} });

  it('is open in development', async () => {
    expect(loadConfig({ NODE_ENV: 'development' }).metricsAccess).toBe('open');
    expect((await scrape(app)).status).toBe(200);
  });

  it('in production requires Authorization: Bearer METRICS_TOKEN (401 without it or with another)', async () => {
    const prod = await startTestApp({ NODE_ENV: 'production', JWT_SECRET: 'm'.repeat(40), METRICS_TOKEN: TOKEN });
    try {
      const anonymous = await scrape(prod);
      expect(anonymous.status).toBe(401);
      expect(anonymous.headers.get('www-authenticate')).toBe('Bearer realm="metrics"');
      expect((await anonymous.json()).error).toMatch(/Authorization: Bearer <METRICS_TOKEN>/);
      expect((await scrape(prod, `Bearer ${TOKEN}x`)).status).toBe(401);
      expect((await scrape(prod, TOKEN)).status).toBe(401);
      const allowed = await scrape(prod, `Bearer ${TOKEN}`);
      expect(allowed.status).toBe(200);
      expect(await allowed.text()).toMatch(/^http_requests_total\{/m);
    } finally {
      await prod.close();
    }
  });

  it('in production without METRICS_TOKEN is not served (404), and the server says so when it starts', async () => {
    const prod = await startTestApp({ NODE_ENV: 'production', JWT_SECRET: 'm'.repeat(40) });
    try {
      expect((await scrape(prod)).status).toBe(404);
      expect((await scrape(prod, `Bearer ${TOKEN}`)).status).toBe(404);
    } finally {
      await prod.close();
    }
    const lines: string[] = [];
    const logger = pino({ level: 'info' }, new Writable({ write: (chunk, _enc, done) => void (lines.push(String(chunk)), done()) }));
    const config = loadConfig({ NODE_ENV: 'production', JWT_SECRET: 'm'.repeat(40), SECRETS_KEY: 's'.repeat(40), DATABASE_URL: app.config.DATABASE_URL, JOBS_ENABLED: 'false' });
    const server = await createServer({ config, orm: app.orm, logger });
    await server.close();
    expect(lines.map((l) => JSON.parse(l).msg)).toContain(
      'METRICS_TOKEN is not set: /metrics is not served in production (404); set it to scrape with Authorization: Bearer <token>',
    );
  });
});
