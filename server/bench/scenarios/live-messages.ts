import { gqlBody } from '../documents';
import type { FreeHour, SignedIn } from '../fixtures';
import type { ServerProcess } from '../server-process';
import { sleep, type Latency } from '../stats';
import { awaitDeliveries, closeClients, connectClients, Deliveries, postGraphql, type LiveSubscription } from './live-stream';

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
  const post = (token: string, body: string) => postGraphql<Record<string, { id: string }>>(server, token, body);

  // One conversation per pair (an inquiry by the brand), 20 at a time.
  const conversations: string[] = new Array(pairs);
  for (let i = 0; i < pairs; i += 20) {
    await Promise.all(
      Array.from({ length: Math.min(20, pairs - i) }, async (_, j) => {
        const k = i + j;
        const data = await post(opts.brands[k].token, gqlBody(START, { creatorId: opts.hours[k].creatorId, text: 'Hello from the bench' }));
        conversations[k] = data.startConversation.id;
      }),
    );
  }

  const deliveries = new Deliveries();
  const { fail } = deliveries;
  const members = Array.from({ length: pairs }, (_, k) => [opts.brands[k], opts.creators[k]] as const);
  const subscriptions = members.flatMap((pair, k) =>
    pair.map(
      (user): LiveSubscription<{ conversationMessageAdded: { id: string; createdAt: string } }> => ({
        user,
        query: ADDED,
        variables: { id: conversations[k] },
        item: ({ conversationMessageAdded: m }) => ({ id: m.id, stamp: m.createdAt }),
      }),
    ),
  );
  const clients = await connectClients(server, subscriptions, deliveries);
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
    deliveries.reset();
  }
  const before = await server.metrics();
  const started = performance.now();
  const { sent, failed } = await drive(opts.seconds);
  const seconds = (performance.now() - started) / 1000;
  const expected = sent.length * 2;
  const count = () => sent.reduce((n, m) => n + m.to.filter((u) => deliveries.count(u, m.id) > 0).length, 0);
  await awaitDeliveries(() => count() >= expected);
  const after = await server.metrics();
  const delivered = count();
  if (delivered < expected) fail(`${expected - delivered} of ${expected} deliveries missing`);

  await closeClients(server, clients);

  return {
    clients: subscriptions.length,
    messages: sent.length,
    messagesPerSecond: sent.length / seconds,
    failed,
    expectedDeliveries: expected,
    delivered,
    firstFailure: deliveries.firstFailure,
    ...deliveries.latency(),
    sqlPerMessage: (after.sqlStatements - before.sqlStatements) / Math.max(1, sent.length),
    rssMb: after.rssBytes / 1024 / 1024,
  };
}
