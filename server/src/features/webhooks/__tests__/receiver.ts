import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One POST the receiver got. */
export interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
  at: number;
}

type Handler = (req: Received, res: ServerResponse) => void;

/**
 * A real HTTP server on localhost standing in for partners' endpoints (not a test file). Each
 * path answers with its handler (default 200 "ok"); every request is recorded.
 */
export async function startReceiver() {
  const received: Received[] = [];
  const handlers = new Map<string, Handler>();
  const waiters: { match: (r: Received) => boolean; resolve: (r: Received) => void }[] = [];
  const hanging = new Set<ServerResponse>();
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const r: Received = { path: req.url ?? '/', headers: req.headers, body: Buffer.concat(chunks).toString('utf8'), at: Date.now() };
      received.push(r);
      for (const w of [...waiters]) {
        if (w.match(r)) {
          waiters.splice(waiters.indexOf(w), 1);
          w.resolve(r);
        }
      }
      const handler = handlers.get(r.path);
      if (handler) handler(r, res);
      else res.end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    received,
    url: (path: string) => `http://127.0.0.1:${port}${path}`,
    /** Answers requests to `path` with `handler` from now on. */
    on(path: string, handler: Handler) {
      handlers.set(path, handler);
    },
    /** Requests to `path` never get an answer (until close). */
    hang(path: string) {
      handlers.set(path, (_r, res) => hanging.add(res));
    },
    at: (path: string) => received.filter((r) => r.path === path),
    /** Resolves with the next request to `path` (or one already received when `includePast`). */
    next(path: string, timeoutMs = 5000): Promise<Received> {
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no request to ${path} within ${timeoutMs} ms`)), timeoutMs);
        waiters.push({
          match: (r) => r.path === path,
          resolve: (r) => {
            clearTimeout(timer);
            resolve(r);
          },
        });
      });
    },
    async close() {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export type Receiver = Awaited<ReturnType<typeof startReceiver>>;
