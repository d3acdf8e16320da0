import { createClient, type Client } from 'graphql-ws';
import WebSocket from 'ws';
import { gqlBody } from '../documents';
import type { FreeHour, SignedIn } from '../fixtures';
import type { ServerProcess } from '../server-process';
import { latencyOf, sleep, type Latency } from '../stats';

const START = `mutation BenchStartConversation($creatorId: ID!, $text: String!) { startConversation(creatorId: $creatorId, text: $text) { id } }`;
const SEND = `mutation BenchSendMessage($id: ID!, $text: String!) { sendMessage(conversationId: $id, text: $text) { id } }`;
const ADDED = `subscription BenchMessages($id: ID!) { conversationMessageAdded(conversationId: $id) { id createdAt } }`;

export interface LiveMessagesOptions {
  /** Brand i talks with the creator of hours[i] (creators[i] is that creator's user). */
  brands: SignedIn[];
  creators: SignedIn[];
  hours: FreeHour[];
  messagesPerSecond: number;
  seconds: number;
  warmupSeconds: number;
}

export interface LiveMessagesResult extends Latency {
  clients: number;
  messages: number;
  messagesPerSecond: number;
  failed: number;
  expectedDeliveries: number;
  delivered: number;
  firstFailure: string | null;
  sqlPerMessage: number;
  rssMb: number;
}

/**
 * Conversations, live: every client (half brands, half creators; brand i and creator i share a
 * conversation) subscribes to `conversationMessageAdded` of its conversation over graphql-ws. Then
 * messages are sent on a fixed schedule, each by a random side of a random pair; both members'
 * sockets must receive it (the sender's other tabs see their own messages too). Delivery latency
 * runs from the message's server stamp (`createdAt`) to the socket. A warm-up stream runs first.
 */
export async function runLiveMessages(server: ServerProcess, opts: LiveMessagesOptions): Promise<LiveMessagesResult> {
  const pairs = Math.min(opts.brands.length, opts.creators.length, opts.hours.length);
  const post = async (token: string, body: string) => {
    const res = await fetch(`${server.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body,
      signal: AbortSignal.timeout(30_000),
    });
    const text = await res.text();
    const json = JSON.parse(text) as { data?: Record<string, { id: string }>; errors?: unknown };
    if (res.status !== 200 || json.errors || !json.data) throw new Error(`HTTP ${res.status}: ${text.slice(0, 300)}`);
    return json.data;
  };

  // One conversation per pair (an inquiry by the brand), 20 at a time.
  const conversations: string[] = new Array(pairs);
  for (let i = 0; i < pairs; i += 20) {
    await Promise.all(
      Array.from({ length: Math.min(20, pairs - i) }, async (_, j) => {
        const k = i + j;
        const data = await post(opts.brands[k].token, gqlBody(START, { creatorId: opts.hours[k].streamerId, text: 'Hello from the bench' }));
        conversations[k] = data.startConversation.id;
      }),
    );
  }

  const received = new Map<string, number>(); // `${userId}|${messageId}` -> deliveries
  const latencies: number[] = [];
  let firstFailure: string | null = null;
  const fail = (message: string) => (firstFailure ??= message);
  const clients: Client[] = [];
  const members = Array.from({ length: pairs }, (_, k) => [opts.brands[k], opts.creators[k]] as const);
  const subscriptions = members.flatMap((pair, k) => pair.map((user) => ({ user, conversationId: conversations[k] })));
  for (let i = 0; i < subscriptions.length; i += 100) {
    clients.push(...(await Promise.all(subscriptions.slice(i, i + 100).map((s) => subscribe(server, s.user, s.conversationId, received, latencies, fail)))));
  }
  const deadline = Date.now() + 30_000;
  while ((await server.metrics()).websocketConnections < subscriptions.length && Date.now() < deadline) await sleep(200);
  await sleep(1000); // subscriptions start listening a moment after their socket opens

  const drive = async (seconds: number) => {
    const sent: { id: string; to: string[] }[] = [];
    let failed = 0;
    const total = Math.round(opts.messagesPerSecond * seconds);
    const interval = 1000 / opts.messagesPerSecond;
    const t0 = performance.now();
    const pending: Promise<void>[] = [];
    for (let n = 0; n < total; n++) {
      const wait = t0 + n * interval - performance.now();
      if (wait > 0) await sleep(wait);
      const k = Math.floor(Math.random() * pairs);
      const sender = members[k][Math.random() < 0.5 ? 0 : 1];
      pending.push(
        post(sender.token, gqlBody(SEND, { id: conversations[k], text: `bench message ${n}` }))
          .then((data) => void sent.push({ id: data.sendMessage.id, to: members[k].map((u) => u.userId) }))
          .catch((err) => {
            failed += 1;
            fail(err instanceof Error ? err.message : String(err));
          }),
      );
    }
    await Promise.all(pending);
    return { sent, failed };
  };

  if (opts.warmupSeconds > 0) {
    await drive(opts.warmupSeconds);
    await sleep(1000);
    latencies.length = 0;
    received.clear();
  }
  const before = await server.metrics();
  const started = performance.now();
  const { sent, failed } = await drive(opts.seconds);
  const seconds = (performance.now() - started) / 1000;
  const expected = sent.length * 2;
  const count = () => sent.reduce((n, m) => n + m.to.filter((u) => (received.get(`${u}|${m.id}`) ?? 0) > 0).length, 0);
  const waitUntil = Date.now() + 5_000;
  while (count() < expected && Date.now() < waitUntil) await sleep(100);
  const after = await server.metrics();
  const delivered = count();
  if (delivered < expected) fail(`${expected - delivered} of ${expected} deliveries missing`);

  await Promise.all(clients.map((c) => c.dispose()));
  const closeDeadline = Date.now() + 15_000;
  while ((await server.metrics()).websocketConnections > 0 && Date.now() < closeDeadline) await sleep(200);

  return {
    clients: subscriptions.length,
    messages: sent.length,
    messagesPerSecond: sent.length / seconds,
    failed,
    expectedDeliveries: expected,
    delivered,
    firstFailure,
    ...latencyOf(latencies),
    sqlPerMessage: (after.sqlStatements - before.sqlStatements) / Math.max(1, sent.length),
    rssMb: after.rssBytes / 1024 / 1024,
  };
}

function subscribe(
  server: ServerProcess,
  user: SignedIn,
  conversationId: string,
  received: Map<string, number>,
  latencies: number[],
  fail: (message: string) => void,
): Promise<Client> {
  return new Promise((resolve, reject) => {
    const client = createClient({
      url: server.wsUrl,
      webSocketImpl: WebSocket,
      connectionParams: { authorization: `Bearer ${user.token}` },
      lazy: false,
      retryAttempts: 0,
      on: { connected: () => resolve(client), error: (err) => reject(err instanceof Error ? err : new Error(`WebSocket failed for ${user.userId}`)) },
    });
    client.subscribe<{ conversationMessageAdded: { id: string; createdAt: string } }>(
      { query: ADDED, variables: { id: conversationId } },
      {
        next: ({ data, errors }) => {
          const now = Date.now();
          if (errors?.length || !data) return fail(`subscription error: ${JSON.stringify(errors)}`);
          const m = data.conversationMessageAdded;
          latencies.push(now - new Date(m.createdAt).getTime());
          const key = `${user.userId}|${m.id}`;
          received.set(key, (received.get(key) ?? 0) + 1);
        },
        error: (err) => fail(`subscription ended with an error: ${JSON.stringify(err)}`),
        complete: () => {},
      },
    );
  });
}
