import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A real HTTP server serving an iCalendar feed (not a test file): the body and its ETag can be
 * changed, it can go down (503), and it counts requests and the 304s it answered.
 */
export interface FeedServer {
  url: string;
  set(body: string, etag?: string): void;
  down(status?: number): void;
  requests: { method: string; ifNoneMatch: string | null }[];
  notModified: number;
  close(): Promise<void>;
}

export async function startFeedServer(body: string): Promise<FeedServer> {
  let current = body;
  let etag = '"v1"';
  let failing: number | null = null;
  const state: FeedServer = {
    url: '',
    requests: [],
    notModified: 0,
    set(b, e) {
      current = b;
      etag = e ?? `"v${Math.random().toString(36).slice(2)}"`;
      failing = null;
    },
    down(status = 503) {
      failing = status;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
  const server: Server = createServer((req: IncomingMessage, res) => {
    state.requests.push({ method: req.method ?? '', ifNoneMatch: (req.headers['if-none-match'] as string) ?? null });
    if (failing) {
      res.writeHead(failing, { 'content-type': 'text/plain' }).end('down for maintenance');
      return;
    }
    if (req.headers['if-none-match'] === etag) {
      state.notModified++;
      res.writeHead(304, { etag }).end();
      return;
    }
    res.writeHead(200, { 'content-type': 'text/calendar; charset=utf-8', etag }).end(current);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  state.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/feed.ics`;
  return state;
}
