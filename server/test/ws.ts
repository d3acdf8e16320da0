import { createClient, type Client } from 'graphql-ws';
import WebSocket from 'ws';

/** A graphql-ws subscription over a real WebSocket, collecting what arrives. */
export interface Sub {
  events: any[];
  errors: any[];
  close(): Promise<void>;
}

export function subscribe(url: string, query: string, variables: Record<string, unknown> = {}, token?: string): Sub {
  const client: Client = createClient({
    url: url.replace(/^http/, 'ws') + '/graphql',
    webSocketImpl: WebSocket,
    connectionParams: token ? { authorization: `Bearer ${token}` } : {},
    retryAttempts: 0,
    lazy: false,
  });
  const sub: Sub = { events: [], errors: [], close: () => client.dispose() as Promise<void> };
  client.subscribe({ query, variables }, { next: (v) => sub.events.push(v), error: (e) => sub.errors.push(e), complete: () => {} });
  return sub;
}

/** Waits (polling, no fixed sleep) until `done` holds, or fails after `ms`. */
export async function within(ms: number, done: () => boolean): Promise<void> {
  const until = Date.now() + ms;
  while (!done()) {
    if (Date.now() > until) throw new Error(`condition not met within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** Waits until a subscription is listening: `probe` causes an event it sees (then forgotten). */
export async function untilListening(sub: Sub, probe: () => Promise<void>): Promise<void> {
  const until = Date.now() + 5000;
  while (sub.events.length === 0 && sub.errors.length === 0) {
    if (Date.now() > until) throw new Error('subscription never started');
    await probe();
    await new Promise((r) => setTimeout(r, 50));
  }
  if (sub.errors.length) throw new Error(`subscription failed: ${JSON.stringify(sub.errors)}`);
  sub.events.length = 0;
}
