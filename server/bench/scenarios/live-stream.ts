import { createClient, type Client } from 'graphql-ws';
import WebSocket from 'ws';
import type { SignedIn } from '../fixtures';
import type { ServerProcess } from '../server-process';
import { latencyOf, sleep } from '../stats';

/**
 * What the live scenarios share (live-fanout.ts: bookings; live-messages.ts: conversations):
 * signed-in GraphQL calls, N graphql-ws clients connected 100 at a time, and the count and
 * latency of what their sockets receive.
 */

/** A signed-in GraphQL POST that throws on any error (a stuck server fails the call after 30 s instead of stalling the run). */
export async function postGraphql<T>(server: ServerProcess, token: string, body: string): Promise<T> {
  const res = await fetch(`${server.url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body,
    signal: AbortSignal.timeout(30_000),
  });
  const text = await res.text();
  const json = JSON.parse(text) as { data?: T; errors?: unknown };
  if (res.status !== 200 || json.errors || !json.data) throw new Error(`HTTP ${res.status}: ${text.slice(0, 300)}`);
  return json.data;
}

/** What the clients received: deliveries per `${userId}|${itemId}`, latencies, the first failure. */
export class Deliveries {
  readonly received = new Map<string, number>();
  readonly latencies: number[] = [];
  firstFailure: string | null = null;

  readonly fail = (message: string) => {
    this.firstFailure ??= message;
  };

  /** One delivery of `itemId` to `userId`, stamped by the server at `stamp` (ISO). */
  record(userId: string, itemId: string, stamp: string): void {
    this.latencies.push(Date.now() - new Date(stamp).getTime());
    const key = `${userId}|${itemId}`;
    this.received.set(key, (this.received.get(key) ?? 0) + 1);
  }

  count(userId: string, itemId: string): number {
    return this.received.get(`${userId}|${itemId}`) ?? 0;
  }

  total(): number {
    let n = 0;
    for (const v of this.received.values()) n += v;
    return n;
  }

  /** Forgets the warm-up's deliveries. */
  reset(): void {
    this.received.clear();
    this.latencies.length = 0;
  }

  latency() {
    return latencyOf(this.latencies);
  }
}

export interface LiveSubscription<T> {
  user: SignedIn;
  query: string;
  variables?: Record<string, unknown>;
  /** The item delivered (its id and server stamp), from the subscription's data. */
  item(data: T): { id: string; stamp: string };
}

/** One graphql-ws client per subscription, 100 connecting at a time; resolves once the server counts them all. */
export async function connectClients<T>(server: ServerProcess, subscriptions: readonly LiveSubscription<T>[], into: Deliveries): Promise<Client[]> {
  const clients: Client[] = [];
  for (let i = 0; i < subscriptions.length; i += 100) {
    clients.push(...(await Promise.all(subscriptions.slice(i, i + 100).map((s) => subscribe(server, s, into)))));
  }
  const deadline = Date.now() + 30_000;
  while ((await server.metrics()).websocketConnections < subscriptions.length && Date.now() < deadline) await sleep(200);
  return clients;
}

/** Closes the clients and waits (up to 15 s) until the server has let every socket go. */
export async function closeClients(server: ServerProcess, clients: readonly Client[]): Promise<void> {
  await Promise.all(clients.map((c) => c.dispose()));
  const deadline = Date.now() + 15_000;
  while ((await server.metrics()).websocketConnections > 0 && Date.now() < deadline) await sleep(200);
}

/** Waits (up to 5 s) until `done` holds: deliveries still on their way after the stream ended. */
export async function awaitDeliveries(done: () => boolean): Promise<void> {
  const until = Date.now() + 5_000;
  while (!done() && Date.now() < until) await sleep(100);
}

function subscribe<T>(server: ServerProcess, s: LiveSubscription<T>, into: Deliveries): Promise<Client> {
  return new Promise((resolve, reject) => {
    const client = createClient({
      url: server.wsUrl,
      webSocketImpl: WebSocket,
      connectionParams: { authorization: `Bearer ${s.user.token}` },
      lazy: false,
      retryAttempts: 0,
      on: { connected: () => resolve(client), error: (err) => reject(err instanceof Error ? err : new Error(`WebSocket failed for ${s.user.userId}`)) },
    });
    client.subscribe<T>(
      { query: s.query, variables: s.variables },
      {
        next: ({ data, errors }) => {
          if (errors?.length || !data) return into.fail(`subscription error: ${JSON.stringify(errors)}`);
          const { id, stamp } = s.item(data);
          into.record(s.user.userId, id, stamp);
        },
        error: (err) => into.fail(`subscription ended with an error: ${JSON.stringify(err)}`),
        complete: () => {},
      },
    );
  });
}
