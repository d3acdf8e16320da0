import { createClient, type Client } from 'graphql-ws';
import WebSocket from 'ws';
import { BOOKING_UPDATES, CANCEL_BOOKING, CREATE_CHECKOUT, gqlBody } from '../documents';
import type { FreeHour, SignedIn } from '../fixtures';
import type { ServerProcess } from '../server-process';
import { latencyOf, sleep, type Latency } from '../stats';

export interface LiveOptions {
  brands: SignedIn[];
  creators: SignedIn[];
  /** One free hour per creator, same order. */
  hours: FreeHour[];
  transitionsPerSecond: number;
  seconds: number;
  /** Transitions at the same rate before the measured ones (not counted): JIT, pool connections. */
  warmupSeconds: number;
}

export interface LiveResult extends Latency {
  clients: number;
  memoryPerConnectionKb: number;
  transitions: number;
  /** Transitions made per second while checkouts and cancellations both run (after the first second, until the last checkout). */
  transitionsPerSecond: number;
  /** All transitions over the whole run, the last cancellations' second included. */
  overallPerSecond: number;
  failedTransitions: number;
  expectedDeliveries: number;
  delivered: number;
  firstFailure: string | null;
  sqlPerTransition: number;
  rssMb: number;
}

interface BookingEvent {
  id: string;
  status: string;
  createdAt: string;
  cancelledAt: string | null;
}

/**
 * Every client (half brands, half creators) subscribes to `bookingUpdated` over graphql-ws. Idle
 * memory per connection is the server's RSS growth divided by the connections. Then bookings
 * move at a steady rate: a brand opens a checkout with a creator (transition 1) and cancels it a
 * second later (transition 2). Both parties must receive both changes; delivery latency runs
 * from the server's stamp of the transition (`createdAt` / `cancelledAt`) to the party's socket.
 * Like the other scenarios, it warms up first: the same stream for a few seconds, on the same
 * hours (each cancellation frees its hour again), neither timed nor counted.
 */
export async function runLiveFanout(server: ServerProcess, opts: LiveOptions): Promise<LiveResult> {
  const received = new Map<string, number>(); // `${userId}|${bookingId}` -> events
  const latencies: number[] = [];
  let firstFailure: string | null = null;
  const fail = (message: string) => (firstFailure ??= message);

  const users = [...opts.brands, ...opts.creators];
  // Warm-up: the first connections also load code; only the steady cost per connection is wanted.
  const warmup = await Promise.all(users.slice(0, 50).map((user) => subscribe(server, user, new Map(), [], () => {})));
  await Promise.all(warmup.map((c) => c.dispose()));
  const idle = await settledMetrics(server);
  const clients: Client[] = [];
  for (let i = 0; i < users.length; i += 100) {
    clients.push(...(await Promise.all(users.slice(i, i + 100).map((user) => subscribe(server, user, received, latencies, fail)))));
  }
  const deadline = Date.now() + 30_000;
  while ((await server.metrics()).websocketConnections < users.length && Date.now() < deadline) await sleep(200);
  const subscribed = await settledMetrics(server);
  const memoryPerConnectionKb = (subscribed.rssBytes - idle.rssBytes) / 1024 / users.length;

  if (opts.warmupSeconds > 0) {
    await driveTransitions(server, { ...opts, seconds: opts.warmupSeconds }, fail);
    await server.settle();
    latencies.length = 0;
    received.clear();
  }
  const before = await server.metrics();
  const started = performance.now();
  const outcome = await driveTransitions(server, opts, fail);
  const seconds = (performance.now() - started) / 1000;
  const expected = outcome.bookings.reduce((n, b) => n + b.transitions * b.parties.length, 0);
  const waitUntil = Date.now() + 5_000;
  while (sum(received) < expected && Date.now() < waitUntil) await sleep(100);
  const after = await server.metrics();

  await Promise.all(clients.map((c) => c.dispose()));
  const closeDeadline = Date.now() + 15_000;
  while ((await server.metrics()).websocketConnections > 0 && Date.now() < closeDeadline) await sleep(200);

  let delivered = 0;
  for (const booking of outcome.bookings) {
    for (const userId of booking.parties) delivered += Math.min(booking.transitions, received.get(`${userId}|${booking.id}`) ?? 0);
  }
  if (delivered < expected) fail(`${expected - delivered} of ${expected} deliveries missing`);
  return {
    clients: users.length,
    memoryPerConnectionKb,
    transitions: outcome.transitions,
    transitionsPerSecond: steadyRate(outcome.doneAt, started, opts.seconds),
    overallPerSecond: outcome.transitions / seconds,
    failedTransitions: outcome.failed,
    expectedDeliveries: expected,
    delivered,
    firstFailure,
    ...latencyOf(latencies),
    sqlPerTransition: (after.sqlStatements - before.sqlStatements) / Math.max(1, outcome.transitions),
    rssMb: after.rssBytes / 1024 / 1024,
  };
}

function subscribe(
  server: ServerProcess,
  user: SignedIn,
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
    client.subscribe<{ bookingUpdated: BookingEvent }>(
      { query: BOOKING_UPDATES },
      {
        next: ({ data, errors }) => {
          const now = Date.now();
          if (errors?.length || !data) return fail(`subscription error: ${JSON.stringify(errors)}`);
          const b = data.bookingUpdated;
          const stamp = b.status === 'CANCELLED' && b.cancelledAt ? b.cancelledAt : b.createdAt;
          latencies.push(now - new Date(stamp).getTime());
          const key = `${user.userId}|${b.id}`;
          received.set(key, (received.get(key) ?? 0) + 1);
        },
        error: (err) => fail(`subscription ended with an error: ${JSON.stringify(err)}`),
        complete: () => {},
      },
    );
  });
}

interface DriveOutcome {
  transitions: number;
  /** When each transition was answered (performance.now()). */
  doneAt: number[];
  failed: number;
  bookings: { id: string; parties: string[]; transitions: number }[];
}

/** Checkouts at half the rate, each cancelled by its brand one second later: `transitionsPerSecond` in total. */
async function driveTransitions(server: ServerProcess, opts: LiveOptions, fail: (message: string) => void): Promise<DriveOutcome> {
  const outcome: DriveOutcome = { transitions: 0, doneAt: [], failed: 0, bookings: [] };
  // Each hour is booked again once its last checkout was cancelled (hours.length / rate × 2 s later:
  // 3 s with the smoke data's 150 hours at 100/s); a server that fell further behind meets CONFLICT.
  const creates = Math.round((opts.transitionsPerSecond * opts.seconds) / 2);
  const interval = 2000 / opts.transitionsPerSecond;
  const post = async (token: string, body: string) => {
    const res = await fetch(`${server.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body,
      signal: AbortSignal.timeout(30_000), // a stuck server fails the transition instead of stalling the run
    });
    const text = await res.text();
    const json = JSON.parse(text) as { data?: Record<string, { id?: string; booking?: { id: string } }>; errors?: unknown };
    if (res.status !== 200 || json.errors || !json.data) throw new Error(`HTTP ${res.status}: ${text.slice(0, 300)}`);
    return json.data;
  };
  const pending: Promise<void>[] = [];
  const t0 = performance.now();
  for (let k = 0; k < creates; k++) {
    const wait = t0 + k * interval - performance.now();
    if (wait > 0) await sleep(wait);
    const brand = opts.brands[k % opts.brands.length];
    const hour = opts.hours[k % opts.hours.length];
    pending.push(
      (async () => {
        try {
          const data = await post(brand.token, gqlBody(CREATE_CHECKOUT, { input: { streamerId: hour.streamerId, startTime: hour.startTime, endTime: hour.endTime } }));
          const bookingId = data.createBookingCheckout.booking!.id;
          const booking = { id: bookingId, parties: [brand.userId, hour.creatorUserId], transitions: 1 };
          outcome.bookings.push(booking);
          outcome.transitions += 1;
          outcome.doneAt.push(performance.now());
          const cancelAt = t0 + k * interval + 1000 - performance.now();
          if (cancelAt > 0) await sleep(cancelAt);
          await post(brand.token, gqlBody(CANCEL_BOOKING, { input: { bookingId, reason: 'bench: plans changed' } }));
          booking.transitions += 1;
          outcome.transitions += 1;
          outcome.doneAt.push(performance.now());
        } catch (err) {
          outcome.failed += 1;
          fail(err instanceof Error ? err.message : String(err));
        }
      })(),
    );
  }
  await Promise.all(pending);
  return outcome;
}

/**
 * Transitions per second in the steady part of the stream: from its first second (when the first
 * cancellations join the checkouts) to its end (when checkouts stop and only cancellations remain).
 */
function steadyRate(doneAt: number[], started: number, seconds: number): number {
  const from = started + 1000;
  const to = started + seconds * 1000;
  return doneAt.filter((t) => t >= from && t < to).length / ((to - from) / 1000);
}

async function settledMetrics(server: ServerProcess) {
  await sleep(2000);
  return server.metrics();
}

const sum = (m: Map<string, number>) => {
  let n = 0;
  for (const v of m.values()) n += v;
  return n;
};
