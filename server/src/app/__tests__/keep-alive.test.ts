import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/harness';
import { KEEP_ALIVE_MS } from '../server';

/**
 * A keep-alive connection left idle is still the server's to answer on: Node's default idle timeout
 * (5 s) closed it while a client's agent could pick it for its next request at that very moment,
 * which failed with "socket hang up" (seen in the bench at 200 requests/s paced).
 */
let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app?.close());

const get = (agent: http.Agent) =>
  new Promise<{ status: number; reused: boolean }>((resolve, reject) => {
    const req = http.get(`${app.url}/healthz`, { agent }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode ?? 0, reused: req.reusedSocket }));
    });
    req.on('error', reject);
  });

describe('keep-alive connections', () => {
  it('outlive the idle time of clients and load balancers (60 s), and headers may take longer still', () => {
    expect(app.server.httpServer.keepAliveTimeout).toBe(KEEP_ALIVE_MS);
    expect(KEEP_ALIVE_MS).toBeGreaterThan(60_000);
    expect(app.server.httpServer.headersTimeout).toBeGreaterThan(KEEP_ALIVE_MS);
  });

  it('a connection idle longer than Node’s default 5 s is reused for the next request', async () => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    try {
      expect(await get(agent)).toEqual({ status: 200, reused: false });
      await new Promise((resolve) => setTimeout(resolve, 5_500));
      expect(await get(agent)).toEqual({ status: 200, reused: true });
    } finally {
      agent.destroy();
    }
  });
});
